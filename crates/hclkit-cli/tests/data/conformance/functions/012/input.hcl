a = pick({a = 1}, "b")
