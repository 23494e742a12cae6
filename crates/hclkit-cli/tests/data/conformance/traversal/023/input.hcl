a = m["q"]
