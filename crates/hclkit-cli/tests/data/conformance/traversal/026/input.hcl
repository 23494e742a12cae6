a = nested.a.b.c[1]
