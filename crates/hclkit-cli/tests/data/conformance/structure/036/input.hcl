name = "web"
rule { port = 80 } x
