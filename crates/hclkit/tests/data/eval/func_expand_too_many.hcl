a = upper(["a", "b"]...)
