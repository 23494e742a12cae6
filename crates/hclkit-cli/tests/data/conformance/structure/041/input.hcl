name = "web"
meta {
  owner = "x"
  other = 1
}
