a = true ? nope : 1
