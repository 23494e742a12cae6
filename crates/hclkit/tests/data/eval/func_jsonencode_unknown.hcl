# unknown: u:string
a = jsonencode({a = u})
