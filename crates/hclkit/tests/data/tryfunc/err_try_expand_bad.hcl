a = try("x"...)
