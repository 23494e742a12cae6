dynamic "b" {
  content { v = 1 }
}
