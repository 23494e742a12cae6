a = true ? 1 : [1]
