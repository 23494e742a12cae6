a = {if = 2}
