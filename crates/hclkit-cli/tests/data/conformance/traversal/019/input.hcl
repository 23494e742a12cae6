a = l.1
