a = max(null...)
