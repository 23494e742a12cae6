a = 1 == 1
b = 1 == "1"
c = "a" != "b"
d = null == null
e = [1, 2] == [1, 2]
g = { a = 1 } == { a = 1 }
h = 1 != null
i = [1] == [1, 2]
j = true == "true"
