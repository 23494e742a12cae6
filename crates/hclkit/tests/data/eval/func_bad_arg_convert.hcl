a = abs("x")
