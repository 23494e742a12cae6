name = "x"
count = 1 +
