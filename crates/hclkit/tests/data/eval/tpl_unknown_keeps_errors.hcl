# unknown: s:string
a = "${s}${nope}"
