a = [for x in z: x]
