a = l.0
