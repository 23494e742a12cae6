# unknown: u
# vars: {"known": [1]}
dynamic "rule" {
  for_each = u
  content {
    port = 1
  }
}
dynamic "set" {
  for_each = u
  content {
    port = 2
  }
}
dynamic "map" {
  for_each = u
  labels   = ["k"]
  content {
    port = 3
  }
}
dynamic "single" {
  for_each = u
  content {
    port = 4
  }
}
