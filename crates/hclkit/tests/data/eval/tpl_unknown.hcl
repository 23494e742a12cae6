# unknown: s:string,d
a = "x${s}"
b = "x${d}"
c = "${s}"
