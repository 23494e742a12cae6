name = "web"
rule {
  port = [for x in [1]: x][0]
}
