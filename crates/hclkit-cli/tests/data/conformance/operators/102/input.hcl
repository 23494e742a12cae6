a = 2 >= null
