a = false ? 1 : true ? 2 : 3
