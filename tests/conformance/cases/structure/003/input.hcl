name = "a"
name = "b"
