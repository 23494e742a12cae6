# vars: {"services": [{"name": "web", "ports": [80, 443]}, {"name": "db", "ports": [5432]}]}
network {
  dynamic "port" {
    for_each = { for s in services : s.name => s.ports[0] }
    labels   = [port.key]
    content {
      static = port.value
    }
  }
  dynamic "port" {
    for_each = services[*].name
    iterator = svc
    labels   = ["${svc.value}-${svc.key}"]
    content {
      static = strlen(svc.value)
    }
  }
}
