a = null
