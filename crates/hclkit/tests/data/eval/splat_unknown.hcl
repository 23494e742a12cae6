# unknown: d,o:string,c:bool
a = d[*].a
b = o[*]
c = (c ? [{ a = 1 }] : [{ a = 2 }, { a = 3 }])[*].a
