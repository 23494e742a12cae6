name = "web"
meta { owner = "x" }
