a = "true" || false
