a = [for x in l: [for y in l: x * y]]
