a = strlen("a", "b", "c")
