dynamic "b" {
  for_each = [1]
}
