# unknown: n:number
a = [for x in [1, n]: x + 1]
b = { for x in ["a", "b"]: x => n }
