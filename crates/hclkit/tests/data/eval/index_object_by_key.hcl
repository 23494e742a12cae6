# vars: {"o": {"a": 1, "1": "one"}}
a = o["a"]
b = o[1]
