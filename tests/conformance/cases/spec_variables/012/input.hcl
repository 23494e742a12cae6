a = x.nope
