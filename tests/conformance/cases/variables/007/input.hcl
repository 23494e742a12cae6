a = big
