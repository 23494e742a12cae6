a = { foo.bar = 1 }
