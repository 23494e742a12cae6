name = "web"


