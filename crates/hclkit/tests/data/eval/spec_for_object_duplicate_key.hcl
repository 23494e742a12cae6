# native-syntax.md: with `v => i`, the duplicate key "a" the specification describes.
a = {for i, v in ["a", "a", "b"]: v => i}
