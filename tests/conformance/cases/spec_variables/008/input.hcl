a = [x, y]
