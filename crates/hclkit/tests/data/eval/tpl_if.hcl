# vars: {"on": true, "off": false}
a = "%{ if on }yes%{ endif }"
b = "%{ if off }yes%{ else }no%{ endif }"
c = "[%{ if on ~} x %{~ endif }]"
d = "%{if "true"}s%{endif}"
