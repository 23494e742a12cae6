# unknown: c:bool,d,n:number
a = c ? 1 : 2
b = c ? "a" : 1
c = c ? [1] : [2]
e = d ? 1 : 2
g = true ? d : 1
h = false ? d : "x"
i = n > 0 ? "pos" : "neg"
j = c ? null : "x"
