dynamic "b" {
  for_each = [1]
  labels   = ["x"]
  content { v = 1 }
}
