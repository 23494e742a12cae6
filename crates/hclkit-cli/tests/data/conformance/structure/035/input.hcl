name = "web"
rule
{
  port = 1
}
