a = "yes"
