a = o.tags[n - 4]
