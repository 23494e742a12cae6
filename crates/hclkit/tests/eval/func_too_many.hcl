a = upper("a", "b")
