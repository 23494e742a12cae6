a = tolist
