a = z + 1
