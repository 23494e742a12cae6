# unknown: c:bool
a = (c ? { a = "x" } : { a = "y" }).b
