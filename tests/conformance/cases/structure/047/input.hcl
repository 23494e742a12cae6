1name = 2
