a = [for i, x in l: i + x]
