# a's
a = 1
# b's
b = 2 # b trailing

# standalone

c = 3
