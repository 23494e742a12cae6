a = objs[*].nope
