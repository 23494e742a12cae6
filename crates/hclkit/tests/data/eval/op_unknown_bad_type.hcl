# unknown: b:bool
a = b + 1
