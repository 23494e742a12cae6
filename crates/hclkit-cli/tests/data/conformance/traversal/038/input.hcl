a = objs[1].name
