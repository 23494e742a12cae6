a = (o).name
