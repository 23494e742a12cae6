a = true ? o : m
