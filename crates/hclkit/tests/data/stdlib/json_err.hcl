# unknown: us:string,d
dec_bad = jsondecode("{")
dec_extra = jsondecode("1 2")
dec_null = jsondecode(null)
