a = false && nope
