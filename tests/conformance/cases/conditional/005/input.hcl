a = true ? [1] : []
