a = add
