a = false || !b
