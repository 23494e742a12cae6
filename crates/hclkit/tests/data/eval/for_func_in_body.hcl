a = [for s in ["a", "b"]: upper(s)]
