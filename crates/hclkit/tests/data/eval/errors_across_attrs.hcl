a = nope1
b = 1 + "x"
c = [][0]
