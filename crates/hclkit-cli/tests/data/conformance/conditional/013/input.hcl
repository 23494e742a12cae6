a = b ? n : 0
