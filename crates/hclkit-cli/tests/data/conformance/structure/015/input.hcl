name = "web"
meta {}
