a = o.tags[1]
