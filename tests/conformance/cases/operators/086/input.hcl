a = big + 1
