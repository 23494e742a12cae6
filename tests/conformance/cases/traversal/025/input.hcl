a = o.nam
