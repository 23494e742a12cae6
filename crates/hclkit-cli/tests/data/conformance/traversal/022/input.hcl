a = m.q
