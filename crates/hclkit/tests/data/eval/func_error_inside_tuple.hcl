a = [1, upper([]), 3]
