a = -n
