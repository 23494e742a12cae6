# vars: {"name": "web", "n": 3, "t": true}
a = "hello ${name}"
b = "${n} items"
c = "flag=${t}"
d = "${name}${name}"
e = "nested ${"inner ${name}"}"
