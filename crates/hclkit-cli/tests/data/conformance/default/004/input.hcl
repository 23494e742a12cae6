a = null
b = 3
