a = n.x
