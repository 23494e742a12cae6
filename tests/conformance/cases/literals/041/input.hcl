a = {null = 1}
