# vars: {"k": "a"}
# native-syntax.md: `{for i, v in ["a", "a", "b"]: k => v}` with a variable `k`: every
# element produces the key "a", a duplicate from the second element on.
a = {for i, v in ["a", "a", "b"]: k => v}
