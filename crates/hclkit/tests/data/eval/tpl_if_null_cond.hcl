a = "%{ if null }yes%{ endif }"
