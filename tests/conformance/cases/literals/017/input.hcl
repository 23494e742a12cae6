a = "a\nb\tc"
