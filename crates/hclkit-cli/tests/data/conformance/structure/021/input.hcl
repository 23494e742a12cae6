/* c */ name = "web"
