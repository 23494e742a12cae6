a = b && true
