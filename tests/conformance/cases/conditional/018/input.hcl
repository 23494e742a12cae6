a = true ? l : ls
