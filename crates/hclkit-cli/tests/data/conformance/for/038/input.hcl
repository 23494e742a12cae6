a = [for x in objs: x.v if x.name == "b"]
