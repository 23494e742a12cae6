a = {true = 1}
