a = z != null
