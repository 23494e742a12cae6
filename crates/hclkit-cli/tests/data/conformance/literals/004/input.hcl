a = 1e3
