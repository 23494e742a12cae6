a = n * f
