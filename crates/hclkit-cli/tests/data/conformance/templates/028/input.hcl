a = "%{for x in n}a%{endfor}"
