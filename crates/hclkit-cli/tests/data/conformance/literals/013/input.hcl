a = false
