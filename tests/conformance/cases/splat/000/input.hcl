a = objs[*].name
