a = o.tags
