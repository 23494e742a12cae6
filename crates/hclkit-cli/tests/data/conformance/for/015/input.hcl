a = [for k, v in o: k]
