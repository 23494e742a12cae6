a = x + y
