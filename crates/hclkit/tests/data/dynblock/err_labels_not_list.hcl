dynamic "b" {
  for_each = [1]
  labels   = b.value
  content { v = 1 }
}
