a = nope + 1
