# unknown: b:bool
a = [for x in [1, 2]: x if b]
b = { for x in ["a"]: x => 1 if b }
