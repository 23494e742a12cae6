a = o.*.name
