a = true && false
