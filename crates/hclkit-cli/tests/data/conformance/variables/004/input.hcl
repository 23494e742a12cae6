a = x
