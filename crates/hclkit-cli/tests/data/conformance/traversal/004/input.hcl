a = o.name
