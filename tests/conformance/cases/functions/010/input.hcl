a = sum(l...)
