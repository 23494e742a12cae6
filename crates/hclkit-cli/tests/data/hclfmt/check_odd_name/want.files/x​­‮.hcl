a = 
b   = 1
