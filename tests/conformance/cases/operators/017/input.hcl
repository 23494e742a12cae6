a = !true
