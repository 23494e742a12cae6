a = "%{ for x in [1, null] }${x}%{ endfor }"
