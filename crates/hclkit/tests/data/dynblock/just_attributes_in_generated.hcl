dynamic "b" {
  for_each = [1]
  content {
    v = b.value
    w = 2
  }
}
