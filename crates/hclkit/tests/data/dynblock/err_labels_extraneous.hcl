dynamic "b" {
  for_each = [1]
  labels   = ["x", "y", "z"]
  content { v = 1 }
}
