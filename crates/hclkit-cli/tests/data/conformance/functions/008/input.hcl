a = sum()
