a = abs("-5")
b = upper(12)
c = substr("hello", "1", "2")
