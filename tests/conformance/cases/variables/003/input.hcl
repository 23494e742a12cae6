a = o.a.b
