a = [for x in l: x if x > 1 if x < 3]
