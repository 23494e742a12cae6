a = [for x in jsondecode("[3, 1, 2]"): x]
