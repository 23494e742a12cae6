a = n / 2
