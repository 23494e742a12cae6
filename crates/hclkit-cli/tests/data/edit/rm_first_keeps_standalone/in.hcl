# standalone

# a's
a = 1
b = 2
