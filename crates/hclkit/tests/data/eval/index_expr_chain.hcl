# vars: {"m": {"a": ["x", "y"]}, "k": "a", "i": 1}
a = m[k][i]
b = [for x in [1,2]: x][i]
