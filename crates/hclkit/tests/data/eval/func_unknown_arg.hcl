# unknown: s:string,d
a = upper(s)
b = upper(d)
c = length(d)
