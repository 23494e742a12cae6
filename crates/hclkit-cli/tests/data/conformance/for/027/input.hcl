a = [for k, x in {b = 1, a = 2}: k]
