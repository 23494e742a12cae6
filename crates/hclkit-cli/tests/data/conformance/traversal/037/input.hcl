a = m[null]
