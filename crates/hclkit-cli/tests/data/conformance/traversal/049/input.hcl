a = o["port"] + 1
