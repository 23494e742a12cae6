# A null object is not a sequence: the splat upgrades it to an empty tuple.
a = (true ? null : { k = 1 })[*]
b = (true ? null : { k = 1 }).*.k
