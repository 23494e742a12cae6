a = x.ports[1]
