a = [for x in [true, null]: x if x]
