a = big >= n
