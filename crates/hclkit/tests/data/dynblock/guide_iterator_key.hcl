# vars: {"tags": ["b", "a", "b"], "ports": {"http": 80, "https": 443}}
dynamic "from_tuple" {
  for_each = [1, "two", true]
  content {
    key   = from_tuple.key
    value = from_tuple.value
  }
}
dynamic "from_list" {
  for_each = tags
  content {
    key   = from_list.key
    value = from_list.value
  }
}
dynamic "from_map" {
  for_each = ports
  iterator = p
  content {
    key   = p.key
    value = p.value
  }
}
