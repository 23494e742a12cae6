a = o.tags[0]
