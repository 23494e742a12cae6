x = 1
dynamic "b" {
  for_each = [1]
  content { v = 1 }
}
