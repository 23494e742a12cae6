# vars: {"xs": [1, 2]}
a = [for v in xs: try(v.name, w)]
