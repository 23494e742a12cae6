name = "web"
rule { port = 80, proto = "x" }
