a = "false"
