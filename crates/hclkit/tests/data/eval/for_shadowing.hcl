# vars: {"x": "outer", "y": "outer-y"}
a = [for x in [1, 2]: x]
b = x
c = [for x in [1]: y]
d = [for x in [[1, 2], [3]]: [for x in x: x * 10]]
