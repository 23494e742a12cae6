# unknown: c:bool
a = (c ? { a = 1 } : { a = 2 })[*].b
