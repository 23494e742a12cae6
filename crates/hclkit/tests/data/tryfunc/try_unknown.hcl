# vars: {"known": {"a": 1}, "partial": {"a": 1}}
# unknown: u,us:string,obj
unknown_first    = try(u, 1)
unknown_second   = try(known.a, u)
unknown_later    = try(known.b, u)
unknown_string   = try(us, "x")
can_unknown      = can(u)
can_unknown_attr = can(obj.a)
mixed_object     = try({ x = known.a, y = us }, 0)
unknown_in_for   = [for x in [1]: try(x + u, 0)]
unknown_not_ref  = try(known.a + 1, us)
can_known        = can(known.a)
unknown_in_fn    = try(upper(us), "x")
unknown_not_used = try(known.a, 2)
failing_then_u   = try(known.nope, obj.a)
