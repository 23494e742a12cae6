a = s
