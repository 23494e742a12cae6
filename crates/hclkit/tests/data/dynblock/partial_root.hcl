x = 1
y = 2
dynamic "a" {
  for_each = [1]
  content { v = a.value }
}
dynamic "b" {
  for_each = [2, 3]
  content { v = b.value }
}
a { v = 0 }
b { v = 9 }
