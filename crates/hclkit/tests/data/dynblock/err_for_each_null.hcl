# vars: {"nulllist": null}
dynamic "b" {
  for_each = null
  content { v = 1 }
}
dynamic "b" {
  for_each = nulllist
  content { v = 2 }
}
