a = nested.a[*].b
