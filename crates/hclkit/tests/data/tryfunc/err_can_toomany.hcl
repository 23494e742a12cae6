c = can(1, 2)
