a = o.tags[2]
