# unknown: n:number
a = max(1, n)
b = concat([1], [n])
c = coalesce(null, n)
