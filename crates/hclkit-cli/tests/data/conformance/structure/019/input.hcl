name = "web" # comment
