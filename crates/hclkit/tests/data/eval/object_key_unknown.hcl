# unknown: k:string
a = { (k) = 1, b = 2 }
