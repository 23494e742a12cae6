a = greet(1)
