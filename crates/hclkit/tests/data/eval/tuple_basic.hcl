a = []
b = [1, "two", true, null]
c = [[1], [2, [3]]]
