a = add()
