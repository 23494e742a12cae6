dynamic "b" {
  for_each = [1, 2]
  content {
    v = b.value
    w = 2
  }
}
