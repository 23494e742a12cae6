dynamic "b" {
  for_each = [1, "x"]
  content {
    v = b.value + 1
  }
}
