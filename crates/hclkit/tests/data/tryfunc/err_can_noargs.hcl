c = can()
