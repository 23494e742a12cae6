# unknown: n:number
a = { for x in ["a", "a"]: x => n... }
