# vars: {"l": ["a", "b", "c"], "m": {"x": 1, "y": 2}}
a = "%{ for x in l }${x},%{ endfor }"
b = "%{ for k, v in m }${k}=${v};%{ endfor }"
c = "%{ for i, x in l }%{ if i > 0 }, %{ endif }${x}%{ endfor }"
d = "%{ for x in [] }${x}%{ endfor }"
