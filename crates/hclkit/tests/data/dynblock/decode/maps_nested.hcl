# vars: {"svcs": {"web": {"ports": [80, 443]}, "db": {"ports": [5432]}}}
dynamic "service" {
  for_each = svcs
  iterator = s
  labels   = [s.key]
  content {
    dynamic "listener" {
      for_each = s.value.ports
      labels   = ["p${listener.value}"]
      content {
        port = listener.value
        svc  = s.key
      }
    }
  }
}
