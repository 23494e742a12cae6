# vars: {"for": "for"}
# native-syntax.md: `{(for): 1, baz: 2}` has an attribute named `for` when the variable `for`
# holds "for" (the key is the variable's value); `{baz: 2, for: 1}` is then equal to it.
b = {(for): 1, baz: 2}
c = {baz: 2, for: 1}
same = {(for): 1, baz: 2} == {baz: 2, for: 1}
