a = substr("x")
