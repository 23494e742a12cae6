# vars: {"config": {"port": 80, "tags": ["a", "b"]}, "list": [1, 2, 3]}
first_ok        = try(config.port, 8080)
fallback        = try(config.host, "localhost")
second_fallback = try(config.host, config.name, "none")
index_fallback  = try(list[5], -1)
tuple_elem      = try(config.tags[1], "z")
null_is_success = try(null, 2)
typed           = try(upper(config.host), lower("ABC"))
conversion      = try(tonumber("x"), 0)
object_result   = try({ a = config.nope }, { a = 1 })
nested          = try(try(config.x, config.y), "deep")
in_template     = "port ${try(config.port, 0)}"
conditional     = try(config.port > 10 ? "big" : "small", "?")
