a = null[*]
b = null[*].a
