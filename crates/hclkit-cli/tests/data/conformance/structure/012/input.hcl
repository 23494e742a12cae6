name = "web"
nme = 1
