a = "x"
