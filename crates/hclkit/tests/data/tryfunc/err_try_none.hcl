# vars: {"x": {"q": 1}}
a = try(x.y, z)
