x = 1
dynamic "c" {
  for_each = [1]
  content { v = 1 }
}
dynamic "bb" {
  for_each = [1]
  content { v = 1 }
}
