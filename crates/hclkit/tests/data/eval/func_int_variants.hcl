a = int(-3.7)
b = abs(-0.5)
c = max(-1, -2)
