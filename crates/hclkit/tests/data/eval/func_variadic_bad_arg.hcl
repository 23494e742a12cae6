a = max(1, "x", 3)
