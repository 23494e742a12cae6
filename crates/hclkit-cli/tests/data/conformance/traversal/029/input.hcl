a = nestd
