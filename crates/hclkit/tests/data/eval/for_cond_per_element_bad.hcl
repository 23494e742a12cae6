a = [for x in ["true", "x"]: x if x]
