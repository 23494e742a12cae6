a = [for x, y in l: x]
