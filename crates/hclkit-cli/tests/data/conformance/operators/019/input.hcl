a = !!true
