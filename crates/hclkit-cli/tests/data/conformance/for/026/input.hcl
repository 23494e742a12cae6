a = [for x in {b = 1, a = 2}: x]
