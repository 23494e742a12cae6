# vars: {"tags": ["b", "a", "b", "c"], "ports": [443, 80, 8080, 80], "groups": {"g1": ["y", "x"], "g2": []}}
# unknown: us:string,ud
dynamic "tag" {
  for_each = toset(tags)
  labels   = [tag.key]
  content {
    key   = tag.key
    value = tag.value
    same  = tag.key == tag.value
  }
}
dynamic "port" {
  for_each = toset(ports)
  iterator = p
  content {
    key   = p.key
    value = p.value
  }
}
dynamic "mixed" {
  for_each = toset([true, 1, "a"])
  content {
    key   = mixed.key
    value = mixed.value
  }
}
dynamic "none" {
  for_each = toset([])
  content {
    key = none.key
  }
}
dynamic "group" {
  for_each = groups
  labels   = [group.key]
  content {
    dynamic "member" {
      for_each = toset(group.value)
      labels   = ["${group.key}.${member.key}"]
      content {
        value = member.value
      }
    }
  }
}
dynamic "partly_unknown" {
  for_each = toset(["k", us])
  content {
    key   = partly_unknown.key
    value = partly_unknown.value
  }
}
dynamic "unknown_set" {
  for_each = toset(ud)
  content {
    key = unknown_set.key
  }
}
