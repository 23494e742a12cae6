a = l["x"]
