name-x = 1
name = "x"
