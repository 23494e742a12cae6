a = greet(null)
