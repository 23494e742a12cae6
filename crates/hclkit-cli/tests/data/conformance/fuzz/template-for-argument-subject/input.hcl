a = f(1, "%{ for x in [1] }y%{ endfor }")
