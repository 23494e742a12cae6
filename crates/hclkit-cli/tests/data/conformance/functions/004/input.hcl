a = add("x", 2)
