a = m.x
