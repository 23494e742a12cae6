name = "web"
rule {
