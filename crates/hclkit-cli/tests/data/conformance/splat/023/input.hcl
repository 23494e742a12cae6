a = e[*].x
