locals {
  workload = {
    vpc0 = { cidr = "10.0.0.0/16" }
  }
}
