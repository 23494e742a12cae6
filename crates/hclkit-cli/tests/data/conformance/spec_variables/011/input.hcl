a = z
