b = "two"
