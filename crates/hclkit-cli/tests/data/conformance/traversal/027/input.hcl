a = nested.a.b.c.0
