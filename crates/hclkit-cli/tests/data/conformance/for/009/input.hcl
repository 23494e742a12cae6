a = {for o in objs: o.name => o.v}
