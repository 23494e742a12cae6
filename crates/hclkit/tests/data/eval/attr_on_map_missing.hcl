a = (true ? { x = 1 } : { y = 2 }).y
