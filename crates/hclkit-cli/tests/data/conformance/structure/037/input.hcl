name = "web"
rule {
  port = 80 }
