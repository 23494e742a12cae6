a = upper([1])
