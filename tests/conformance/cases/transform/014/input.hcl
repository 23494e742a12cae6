a = "hello"
