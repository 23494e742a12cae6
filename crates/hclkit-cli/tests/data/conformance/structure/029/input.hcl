name = "web" count = 1
