a = [for x in jsondecode("[{\"a\":2},{\"a\":1}]"): x][*].a
