# vars: {"items": [{"name": "a", "size": 1}, {"name": "b"}, "c"]}
sizes   = [for i in items: try(i.size, 0)]
names   = [for i in items: try(i.name, i)]
keyed   = { for k, v in items: try(v.name, "x${k}") => can(v.size) }
nested  = [for i in items: [for j in [1, 2]: try(i.size + j, j)]]
