a = z == null ? "none" : z
