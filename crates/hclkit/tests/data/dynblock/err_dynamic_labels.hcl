dynamic {
  for_each = [1]
  content { v = 1 }
}
dynamic "b" "c" {
  for_each = [2]
  content { v = 2 }
}
