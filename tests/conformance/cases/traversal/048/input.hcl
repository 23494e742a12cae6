a = ls[0]
