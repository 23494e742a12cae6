a = {x = null, y = [null]}
