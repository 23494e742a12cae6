a = true ? "x" : 1
b = false ? "y" : 2
