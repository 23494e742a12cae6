a = upper
