a = true || 1 <= 2 && false
