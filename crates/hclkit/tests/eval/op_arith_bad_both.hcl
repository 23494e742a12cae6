a = true * [1]
