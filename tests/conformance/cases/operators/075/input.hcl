a = n + 1
