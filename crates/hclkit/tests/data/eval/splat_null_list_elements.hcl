# vars: {"l": [{"a": 1}, null]}
a = l[*]
