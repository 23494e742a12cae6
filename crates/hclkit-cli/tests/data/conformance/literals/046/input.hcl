a = [null]
