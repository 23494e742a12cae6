a = b || false
