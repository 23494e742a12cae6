# unknown: c:bool
a = c ? nope : 1
