a = true ?
