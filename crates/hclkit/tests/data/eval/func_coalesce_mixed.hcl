a = coalesce(1, "a")
