a = true ? false ? 1 : 2 : 3
b = false ? 1 : true ? 2 : 3
