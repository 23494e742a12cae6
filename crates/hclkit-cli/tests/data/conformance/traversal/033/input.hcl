a = z.x
