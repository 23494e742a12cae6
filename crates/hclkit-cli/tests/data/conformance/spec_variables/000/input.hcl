a = x + 1
