a = -true
