# unknown: u
# vars: {"xs": [1, 2]}
dynamic "outer" {
  for_each = xs
  content {
    dynamic "inner" {
      for_each = u
      content {
        v = outer.value
      }
    }
    w = outer.value
  }
}
