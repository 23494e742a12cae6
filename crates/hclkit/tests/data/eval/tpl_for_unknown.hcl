# unknown: d,s:string
a = "%{ for x in d }${x}%{ endfor }"
b = "%{ for x in ["a", s] }${x}%{ endfor }"
