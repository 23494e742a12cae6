a = true && true
