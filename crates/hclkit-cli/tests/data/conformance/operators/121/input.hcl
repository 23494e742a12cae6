a = n > 10 || s == "hello"
