# vars: {"top": 1, "list": [1], "other": 2, "more": {"x": [1]}, "lbl": "L", "q": 3}
top = top + q
dynamic "b" {
  for_each = list
  labels   = ["${b.key}${lbl}"]
  content {
    v = b.value + other
    dynamic "c" {
      for_each = more.x
      content { w = c.value + b.value + more.x[0] }
    }
  }
}
s { v = q }
noschema { v = hidden }
dynamic "noschema" {
  for_each = hidden2
  content { v = hidden3 }
}
