a = s == "hello"
