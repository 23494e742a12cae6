"name" = "web"
