a = [for x in [3, 1, 2]: x]
