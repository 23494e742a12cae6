a = z == null
