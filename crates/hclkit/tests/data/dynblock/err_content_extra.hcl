dynamic "b" {
  for_each = [1]
  content { v = 1 }
  content { v = 2 }
}
