a = [for x in [1, 2, 3]: x * 2]
b = [for i, x in ["a", "b"]: "${i}:${x}"]
c = [for x in [1, 2, 3, 4]: x if x % 2 == 0]
d = [for x in []: x]
