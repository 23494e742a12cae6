name = "web"
unknown = 1
