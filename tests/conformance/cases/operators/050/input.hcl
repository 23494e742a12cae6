a = true && !false
