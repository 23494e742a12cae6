# vars: {"o": {"a": {"b": [{"c": "deep"}]}}}
a = o.a.b[0].c
b = o["a"]["b"][0]["c"]
c = o.a.b.0.c
