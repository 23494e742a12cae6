# vars: {"l": [1]}
a = l.3
