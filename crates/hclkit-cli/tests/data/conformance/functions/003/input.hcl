a = add("1", 2)
