a = [for k, v in { zeta = 1, alpha = 2, mid = 3 }: k]
b = [for v in { zeta = 1, alpha = 2, mid = 3 }: v]
