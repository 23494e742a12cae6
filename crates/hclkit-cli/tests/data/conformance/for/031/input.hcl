a = [for x l: x]
