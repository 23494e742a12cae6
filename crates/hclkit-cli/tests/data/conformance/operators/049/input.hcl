a = false || false
