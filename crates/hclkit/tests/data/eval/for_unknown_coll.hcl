# unknown: d,c:bool
a = [for x in d: x]
b = { for k, v in d: k => v }
c = [for x in (c ? [1] : [2]): x]
