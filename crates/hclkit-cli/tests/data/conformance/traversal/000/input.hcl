a = n
