host = "x"
