# vars: {"t": [1, 2]}
a = t.foo
