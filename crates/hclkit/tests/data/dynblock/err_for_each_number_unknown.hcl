# unknown: n:number
dynamic "b" {
  for_each = n
  content { v = 1 }
}
