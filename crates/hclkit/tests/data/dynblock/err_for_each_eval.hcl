dynamic "b" {
  for_each = nope.x
  content { v = 1 }
}
dynamic "b" {
  for_each = [1]
  content { v = 2 }
}
