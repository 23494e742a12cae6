a = [for v in y: "${x}${v}"]
