a = objs[*].name[0]
