a = o.name.x
