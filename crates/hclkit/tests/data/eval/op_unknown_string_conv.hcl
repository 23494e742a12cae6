# unknown: s:string
a = s + 1
b = s < 2
