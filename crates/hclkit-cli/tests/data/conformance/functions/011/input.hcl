a = pick({a = 1}, "a")
