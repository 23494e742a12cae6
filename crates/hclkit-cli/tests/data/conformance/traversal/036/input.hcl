a = l[null]
