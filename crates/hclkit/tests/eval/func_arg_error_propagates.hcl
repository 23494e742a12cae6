a = upper(nope)
