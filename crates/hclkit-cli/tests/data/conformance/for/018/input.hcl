a = [for x in l: y]
