# vars: {"l": [10, 20], "i": 1}
# unknown: u:number,d
a = l[i]
b = l[u]
c = l[d]
d = [1, "x"][u]
