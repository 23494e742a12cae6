name = "web"
rule "x" {
  port = 1
}
