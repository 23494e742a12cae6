a = null && true
