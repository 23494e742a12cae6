a = ls[*]
