a = false ? 1 : 2
