a = sum(n...)
