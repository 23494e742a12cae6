# unknown: c:bool,d
a = max((c ? [1] : [2, 3])...)
b = max(d...)
