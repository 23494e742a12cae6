a = add(l...)
