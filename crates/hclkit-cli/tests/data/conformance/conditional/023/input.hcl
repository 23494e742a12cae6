a = true ? {a = 1} : {a = "x"}
