a = o["name"]
