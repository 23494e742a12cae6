dynamic "b" {
  for_each = [1]
  other    = 2
  nested {}
  content { v = 1 }
}
