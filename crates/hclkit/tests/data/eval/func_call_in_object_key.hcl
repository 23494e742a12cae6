a = { (upper("k")) = 1 }
