a = {x = [1, "y", null]}
