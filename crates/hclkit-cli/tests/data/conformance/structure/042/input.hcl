name = "a"
name2 = "b"
