# unknown: b:bool
a = "x%{ if b }yes%{ endif }"
