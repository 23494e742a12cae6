# a's
a = 1

# standalone

c = 3
