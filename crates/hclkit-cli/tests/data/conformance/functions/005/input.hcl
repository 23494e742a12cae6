a = greet("web")
