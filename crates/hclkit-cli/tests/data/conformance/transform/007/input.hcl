a = "set"
