a = null <= 1
