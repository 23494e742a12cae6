name "web"
