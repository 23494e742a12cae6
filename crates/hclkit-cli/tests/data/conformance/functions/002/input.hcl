a = add(1, 2, 3)
