a = "%{ if "maybe" }yes%{ endif }"
