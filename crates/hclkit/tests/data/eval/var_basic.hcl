# vars: {"name": "web", "count": 3, "tags": {"env": "prod"}, "list": [1, 2, 3]}
a = name
b = count
c = tags.env
d = tags["env"]
e = list[1]
g = list.2
