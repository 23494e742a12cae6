a = n > 3 ? "big" : "small"
