a = nope ? 1 : 2
