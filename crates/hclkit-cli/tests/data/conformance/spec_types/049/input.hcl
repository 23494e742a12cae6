a = {x = 1}
b = null
