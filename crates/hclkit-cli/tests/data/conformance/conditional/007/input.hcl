a = true ? 1 : null
