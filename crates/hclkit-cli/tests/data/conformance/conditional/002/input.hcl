a = 1 < 2 ? "yes" : "no"
