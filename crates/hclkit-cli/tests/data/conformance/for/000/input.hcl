a = [for x in l: x * 2]
