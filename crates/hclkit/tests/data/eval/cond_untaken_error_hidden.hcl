a = true ? 1 : nope
b = false ? nope2 : 2
