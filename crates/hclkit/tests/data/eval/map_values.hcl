a = { for k, v in (true ? { x = 1 } : { y = 2 }): k => v + 1 }
b = [for v in (true ? { x = "a", w = "b" } : { y = "c" }): v]
c = (true ? { x = 1 } : { y = 2 })[*]
