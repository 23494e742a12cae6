a = substr("abc", 0, "x")
