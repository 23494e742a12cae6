a = l != ls
