# the region
region = "a" # trailing
zone   = "b"
