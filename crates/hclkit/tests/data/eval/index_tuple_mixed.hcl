a = [1, "two", true][1]
b = [1, "two", true][2]
