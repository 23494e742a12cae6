a = y
