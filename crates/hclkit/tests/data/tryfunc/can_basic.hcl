# vars: {"config": {"port": 80}, "s": "abc"}
has_port    = can(config.port)
has_host    = can(config.host)
bad_call    = can(substr(s, "x", 1))
ok_call     = can(substr(s, 0, 1))
bad_convert = can(config.port + "x")
unknown_fn  = can(nosuch(1))
in_for      = [for k in ["port", "host"]: can(config[k])]
in_cond     = can(config.host) ? config.host : "default"
undefined   = can(nope)
