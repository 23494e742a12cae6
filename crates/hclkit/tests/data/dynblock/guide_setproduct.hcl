# vars: {"envs": ["dev", "prod"], "regions": ["us", "eu", "ap"], "none": []}
dynamic "deployment" {
  for_each = setproduct(envs, regions)
  labels   = ["${deployment.value[0]}-${deployment.value[1]}"]
  content {
    index  = deployment.key
    env    = deployment.value[0]
    region = deployment.value[1]
  }
}
dynamic "by_name" {
  for_each = { for p in setproduct(envs, regions) : "${p[0]}/${p[1]}" => p }
  iterator = pair
  labels   = [pair.key]
  content {
    env    = pair.value[0]
    region = pair.value[1]
  }
}
dynamic "of_sets" {
  for_each = setproduct(toset(regions), toset(envs))
  labels   = ["${of_sets.key[0]}-${of_sets.key[1]}"]
  content {
    key   = of_sets.key
    value = of_sets.value
  }
}
dynamic "empty" {
  for_each = setproduct(envs, none)
  content {
    value = empty.value
  }
}
