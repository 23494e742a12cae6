locals {
  workload = {
    vpc0 = {
      cidr = "10.9.0.0/16"
    }
  }
}
