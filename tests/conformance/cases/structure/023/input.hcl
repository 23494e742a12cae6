# only
name = "web"
