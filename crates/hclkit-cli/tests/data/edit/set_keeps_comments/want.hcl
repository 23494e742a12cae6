# the region
region = var.region # trailing
zone   = "b"
