a = n % 0
