# vars: {"envs": ["dev", "prod"], "base": 10}
dynamic "env" {
  for_each = envs
  content {
    settings {
      name = env.value
      port = base + env.key
      dynamic "tag" {
        for_each = [env.value, "common"]
        content {
          v = "${env.key}:${tag.value}"
        }
      }
    }
  }
}
wrapper {
  dynamic "env" {
    for_each = ["static-parent"]
    content {
      settings {
        name = env.value
        port = base
      }
    }
  }
}
