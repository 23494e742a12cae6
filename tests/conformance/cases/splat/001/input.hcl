a = objs.*.name
