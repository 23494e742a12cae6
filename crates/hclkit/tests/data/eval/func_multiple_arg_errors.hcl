a = substr([], {}, 1)
