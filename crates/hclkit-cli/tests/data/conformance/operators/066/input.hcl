a = "true" && true
