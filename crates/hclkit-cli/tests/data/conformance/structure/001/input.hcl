name = "web"
count = 3
