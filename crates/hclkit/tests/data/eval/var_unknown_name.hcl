# vars: {"name": "web"}
a = nmae
