# unknown: n:number,b:bool,s:string,d
a = n + 1
b = n > 1
c = b && true
d = !b
e = -n
g = d + 1
h = d == 1
i = n == 1
j = s == 1
k = d && false
l = n == null
m = s != "x"
