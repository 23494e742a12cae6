# standalone

b = 2
