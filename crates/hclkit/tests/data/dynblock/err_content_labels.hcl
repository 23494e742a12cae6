dynamic "b" {
  for_each = [1]
  content "x" { v = 1 }
}
