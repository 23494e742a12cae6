a = [for i, x in ls: i]
