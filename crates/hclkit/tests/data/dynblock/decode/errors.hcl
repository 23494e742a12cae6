dynamic "rule" {
  for_each = "nope"
  content {
    port = 1
  }
}
dynamic "rule" {
  for_each = [1]
  content {
    port = rule.value
    extra = 2
  }
}
