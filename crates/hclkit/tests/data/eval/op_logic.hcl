a = true && false
b = true || false
c = !true
d = !false && true || false
e = "true" && true
g = !"false"
