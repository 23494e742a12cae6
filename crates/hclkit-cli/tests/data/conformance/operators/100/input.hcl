a = n >= f
