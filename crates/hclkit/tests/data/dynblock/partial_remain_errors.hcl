x = 1
dynamic "a" {
  for_each = [1]
  content { v = a.value }
}
dynamic "z" {
  for_each = [1]
  content { v = 1 }
}
a { v = 0 }
