name = "web"
meta {
  owner = "me"
}
