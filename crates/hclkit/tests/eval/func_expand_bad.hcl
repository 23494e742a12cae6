a = max("x"...)
