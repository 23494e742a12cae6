a = objs[*]
