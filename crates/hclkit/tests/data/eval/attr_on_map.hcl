a = (true ? { x = 1 } : { y = 2 }).x
b = (true ? { x = 1 } : { y = 2 })["x"]
