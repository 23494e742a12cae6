a = [for x in l: x if x]
