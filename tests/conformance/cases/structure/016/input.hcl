name = "web"
rule {}
