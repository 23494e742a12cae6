a = true ? "x" : false
