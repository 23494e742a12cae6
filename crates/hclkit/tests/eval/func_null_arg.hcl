a = upper(null)
