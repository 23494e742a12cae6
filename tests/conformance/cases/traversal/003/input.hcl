a = o
