a = max(1, null)
