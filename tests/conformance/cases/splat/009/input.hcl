a = z.*
