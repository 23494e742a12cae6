# vars: {"items": [{"n": "ok"}, {"n": null}, {"n": ["list"]}, {"n": 5}, {"n": true}]}
dynamic "b" {
  for_each = items
  labels   = [b.value.n]
  content { v = b.key }
}
dynamic "b" {
  for_each = [1]
  labels   = [nope]
  content { v = 9 }
}
