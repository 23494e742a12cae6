dynamic "a" {
  for_each = ["outer"]
  iterator = x
  content {
    dynamic "b" {
      for_each = ["inner"]
      iterator = x
      labels   = [x.value]
      content {
        v = x.value
      }
    }
    w = x.value
  }
}
