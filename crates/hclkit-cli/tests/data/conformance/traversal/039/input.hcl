a = objs[0]["v"]
