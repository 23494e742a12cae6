a = objs[*].v
