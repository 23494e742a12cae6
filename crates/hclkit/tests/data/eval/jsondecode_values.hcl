a = jsondecode("[1, \"a\", null, {\"b\": true}]")
b = jsondecode("{\"z\": 1, \"a\": 2}")
