dynamic "b" {
  for_each = "abc"
  content { v = 1 }
}
