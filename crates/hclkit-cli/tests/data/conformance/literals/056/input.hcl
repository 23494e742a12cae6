a = 'single'
