a = greet(s)
