# unknown: a,b:number,c:string,d:bool
w = [a, b, c, d]
x = { a = a, b = b }
y = [for v in [b, b]: v * 2]
z = "${c}-${b}"
