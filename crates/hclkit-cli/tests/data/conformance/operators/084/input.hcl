a = !b
