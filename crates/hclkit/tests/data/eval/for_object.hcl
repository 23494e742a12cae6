a = { for k, v in { a = 1, b = 2 }: k => v * 10 }
b = { for x in ["a", "b"]: x => upper(x) }
c = { for i, x in ["a", "b"]: x => i }
d = { for k, v in { b = 1, a = 2 }: v => k }
