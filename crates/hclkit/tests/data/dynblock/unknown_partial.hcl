# unknown: u
dynamic "block" {
  for_each = u
  content {
    a = 1
    b = 2
    nested { c = 3 }
    other { d = 4 }
  }
}
