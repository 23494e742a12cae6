# vars: {"l": [{"a": 1}, {"a": 2}]}
a = [for x in l[*].a: x * 2]
b = length(l[*].a)
