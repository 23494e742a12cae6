# unknown: u
dynamic "block" {
  for_each = u
  labels   = [block.key]
  content {
    a = 1
  }
}
