a = jsondecode("{\"a\": 1}").b
