a = [for x in o: x]
