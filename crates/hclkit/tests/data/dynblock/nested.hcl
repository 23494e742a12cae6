# vars: {"groups": {"a": {"items": ["x", "y"]}, "b": {"items": ["z"]}}}
dynamic "group" {
  for_each = groups
  labels   = [group.key]
  content {
    size = length(group.value.items)
    dynamic "item" {
      for_each = group.value.items
      iterator = it
      labels   = ["${group.key}-${it.value}"]
      content {
        parent = group.key
        index  = it.key
        value  = upper(it.value)
      }
    }
  }
}
