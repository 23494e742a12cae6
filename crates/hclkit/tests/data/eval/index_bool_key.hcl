# vars: {"l": [10, 20]}
a = l[true]
