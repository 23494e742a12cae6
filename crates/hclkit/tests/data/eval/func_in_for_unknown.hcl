a = [for x in [1]: nosuchthing(x)]
