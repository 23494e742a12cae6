# vars: {"networks": {"private": {"cidr": "10.1.0.0/16", "subnets": [{"name": "a", "bits": 8}, {"name": "b", "bits": 4}]}, "public": {"cidr": "10.2.0.0/16", "subnets": [{"name": "c", "bits": 8}]}, "empty": {"cidr": "10.3.0.0/16", "subnets": []}}}
dynamic "subnet" {
  for_each = flatten([
    for net_key, net in networks : [
      for s in net.subnets : {
        network = net_key
        cidr    = net.cidr
        name    = s.name
        bits    = s.bits
      }
    ]
  ])
  labels = ["${subnet.value.network}.${subnet.value.name}"]
  content {
    index   = subnet.key
    network = subnet.value.network
    bits    = subnet.value.bits
  }
}
dynamic "keyed" {
  for_each = {
    for s in flatten([for k, n in networks : [for sn in n.subnets : { id = "${k}/${sn.name}", bits = sn.bits }]]) : s.id => s.bits
  }
  labels = [keyed.key]
  content {
    key  = keyed.key
    bits = keyed.value
  }
}
dynamic "nested" {
  for_each = flatten([["x", "y"], [], [["z"]], "w"])
  iterator = it
  labels   = [it.value]
  content {
    index = it.key
  }
}
