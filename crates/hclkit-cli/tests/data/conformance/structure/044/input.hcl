näme = 1
name = "x"
