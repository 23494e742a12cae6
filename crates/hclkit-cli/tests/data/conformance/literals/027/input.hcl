a = [1, "a", true]
