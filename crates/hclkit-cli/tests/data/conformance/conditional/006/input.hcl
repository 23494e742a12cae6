a = true ? {a = 1} : {b = 2}
