a = {}
b = { name = "x", port = 80 }
c = { "quoted key" = 1, plain = 2 }
d = { a = { b = { c = 1 } } }
