a = true ? [1, 2] : ["a"]
