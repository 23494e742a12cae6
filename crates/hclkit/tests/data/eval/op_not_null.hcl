a = !null
