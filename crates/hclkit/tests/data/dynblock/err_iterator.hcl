dynamic "b" {
  for_each = [1]
  iterator = a.b
  content { v = 1 }
}
dynamic "b" {
  for_each = [2]
  iterator = "quoted"
  content { v = 2 }
}
dynamic "b" {
  for_each = [3]
  iterator = a[0]
  content { v = 3 }
}
dynamic "b" {
  for_each = [4]
  iterator = ok
  content { v = ok.value }
}
