a = "true"
