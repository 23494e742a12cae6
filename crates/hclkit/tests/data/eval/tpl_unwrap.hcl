# vars: {"n": 3, "l": [1, 2]}
a = "${n}"
b = "${l}"
c = "${true}"
d = "${null}"
