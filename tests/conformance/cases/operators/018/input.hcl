a = !false
