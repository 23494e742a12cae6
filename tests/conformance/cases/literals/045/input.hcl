a = [null, 1]
