# unknown: n:number
a = length([n, n])
b = length({ a = n })
