name = "web"
rule {
  proto = "tcp"
}
