# unknown: s:string
a = { for x in [1]: s => x }
