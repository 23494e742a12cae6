host = "x"
port = 8080
