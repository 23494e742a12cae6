# vars: {"k": "dyn", "n": 5}
a = { (k) = 1 }
b = { "${k}x" = 2 }
c = { (n) = 3 }
d = { 1 = "one" }
e = { (true) = "t" }
