a = true || false
