a = v
