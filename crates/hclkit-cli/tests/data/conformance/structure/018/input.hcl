name = 1
