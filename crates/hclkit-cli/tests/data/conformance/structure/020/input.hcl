name = "web" // comment
