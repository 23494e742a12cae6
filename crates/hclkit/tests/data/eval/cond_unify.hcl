a = true ? 1 : "x"
b = false ? 1 : "x"
c = true ? null : "x"
d = false ? "x" : null
e = true ? [1] : ["a"]
g = true ? { a = 1 } : { b = "x" }
h = true ? null : null
