b = try()
