a = "%{for x in ls}${x},%{endfor}"
