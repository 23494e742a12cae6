a = sum(1, 2, 3)
