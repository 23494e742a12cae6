# vars: {"servers": [{"name": "a", "port": 80}, {"name": "b", "port": 443}]}
names = [for s in servers: s.name]
by_name = { for s in servers: s.name => s.port }
secure = [for s in servers: s.name if s.port == 443]
summary = "%{ for s in servers }${s.name}:${s.port} %{ endfor }"
ports = servers[*].port
first = servers[0].name
