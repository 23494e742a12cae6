a = nope[*].a
