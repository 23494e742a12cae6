# unknown: c:bool
a = (c ? { a = "x" } : { a = "y" }).a
b = (c ? [1] : [2, 3])
c = (c ? [1] : [2, 3])[0]
d = (c ? { a = 1 } : { b = 2 }).a
