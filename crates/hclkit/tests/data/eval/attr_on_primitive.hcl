# vars: {"s": "str"}
a = s.foo
