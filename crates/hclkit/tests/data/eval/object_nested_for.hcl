a = { for k, v in { x = { y = 1 } }: k => { for k2, v2 in v: k2 => v2 + 1 } }
