# vars: {"known": ["k"]}
# unknown: u
dynamic "block" {
  for_each = u
  labels   = ["fixed"]
  content {
    a = block.value
    b = "literal"
    inner {
      c = 1
    }
  }
}
dynamic "block" {
  for_each = known
  labels   = [block.value]
  content {
    a = block.value
    b = u
  }
}
