a = [nope1, nope2, 1 + true]
