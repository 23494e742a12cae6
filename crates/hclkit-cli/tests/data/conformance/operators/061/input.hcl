a = true + 1
