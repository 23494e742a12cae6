# vars: {"for": "f", "foo": 1, "baz": 3}
# native-syntax.md: a variable named `for` in collection constructors.
a = [(for), foo, baz]
b = {(for): 1, baz: 2}
c = {baz: 2, for: 1}
