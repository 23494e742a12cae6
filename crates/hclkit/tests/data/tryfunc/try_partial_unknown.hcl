# vars: {"k": {"a": 1}}
# unknown: u:string
whole = {a = u, b = 2}
tried = try({a = u, b = 2}, "fallback")
list  = try([k.a, u], [])
cannot = can([k.a, u])
