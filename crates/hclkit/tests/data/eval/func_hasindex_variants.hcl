a = hasindex({ a = 1 }, "a")
b = hasindex([1], 5)
c = hasindex([1], "x")
