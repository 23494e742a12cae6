a = true ? true ? 1 : 2 : 3
