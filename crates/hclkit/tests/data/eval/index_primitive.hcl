a = "abc"[0]
