a = {a = 1, b = true}
