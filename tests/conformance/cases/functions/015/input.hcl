a = add(n, n)
