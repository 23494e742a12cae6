name = "web"
count = "x"
