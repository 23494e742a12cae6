# vars: {"opts": [null, 1, 2]}
expanded       = try(opts...)
expanded_lit   = try(["a", "b"]...)
expanded_after = try(opts[9], opts...)
