a = true ? "yes" : "no"
b = false ? 1 : 2
c = 1 > 0 ? [1] : [2, 3]
d = "true" ? 1 : 2
