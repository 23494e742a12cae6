a = o.port
