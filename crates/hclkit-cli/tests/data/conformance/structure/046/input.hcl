name = "web"
rule {
  port = 80
  port = 81
}
