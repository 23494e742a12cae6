a = m["y"]
