# unknown: us:string,d
enc = jsonencode({a = [1, "x", true, null], b = "<&>"})
enc_null = jsonencode(null)
enc_unk = jsonencode([us])
enc_d = jsonencode(d)
dec = jsondecode("{\"a\": [1, \"x\", true, null], \"b\": {}}")
dec_num = jsondecode("1.5")
dec_null = jsondecode("null")
dec_unk = jsondecode(us)
