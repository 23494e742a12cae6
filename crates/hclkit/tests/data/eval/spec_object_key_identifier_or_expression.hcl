# vars: {"foo": "bar"}
# native-syntax.md: an identifier key is a literal name; a parenthesised one is evaluated.
a = {foo = "baz"}
b = {(foo) = "baz"}
