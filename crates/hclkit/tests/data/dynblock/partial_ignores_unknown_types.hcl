dynamic "a" {
  for_each = [1]
  content { v = a.value }
}
dynamic "z" {
  for_each = "not even checked"
  content { v = 1 }
}
