a = upper("x")
