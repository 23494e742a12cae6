# vars: {"o": {"a": 1}, "s": "str"}
a = o[*].a
b = s[*]
c = o.*.a
