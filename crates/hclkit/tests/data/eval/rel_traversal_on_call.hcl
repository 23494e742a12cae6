a = jsondecode("{\"a\": {\"b\": [5, 6]}}").a.b[1]
b = concat([1], [2])[1]
