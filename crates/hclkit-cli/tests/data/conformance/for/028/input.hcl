a = {for k, v in {a = 1}: k => v...}
