a = {for x in objs: x.name => x}
