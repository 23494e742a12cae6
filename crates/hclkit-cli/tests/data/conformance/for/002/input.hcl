a = [for x in ls: upper(x)]
