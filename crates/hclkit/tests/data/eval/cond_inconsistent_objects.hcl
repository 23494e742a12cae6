a = true ? { a = [1] } : { a = 1 }
