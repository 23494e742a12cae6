a = m.x + m.y
