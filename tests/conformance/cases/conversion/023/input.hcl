a = [true, false]
