a = add(1)
