a = { null = 1, true = 2, false = 3 }
