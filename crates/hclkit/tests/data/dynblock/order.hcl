# vars: {"xs": [1, 2]}
rule { n = 0 }
dynamic "rule" {
  for_each = xs
  content { n = rule.value }
}
rule { n = 3 }
dynamic "rule" {
  for_each = []
  content { n = -1 }
}
dynamic "rule" {
  for_each = { k = 4 }
  content { n = rule.value }
}
