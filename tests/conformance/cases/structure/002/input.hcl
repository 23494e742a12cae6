count = 3
