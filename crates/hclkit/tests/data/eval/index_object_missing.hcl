# vars: {"o": {"a": 1}}
a = o["zz"]
