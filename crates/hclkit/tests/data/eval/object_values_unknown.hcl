# unknown: u:number
a = { x = u, y = 1 }
b = [u, 2]
