a = [for x in ls: x if length(x) > 0]
