a = int("x")
