a = "%{ if true }a%{ endif }"
