a = [for x, x in ["p", "q"]: x]
