# vars: {"rules": [{"port": 80, "proto": "tcp"}, {"port": 53, "proto": "udp"}]}
name = "fw"
dynamic "rule" {
  for_each = rules
  content {
    port  = rule.value.port
    proto = rule.value.proto
  }
}
rule {
  port  = 22
  proto = "tcp"
}
