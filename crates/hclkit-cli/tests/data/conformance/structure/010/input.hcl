name = "web"
meta {
  owner = "me"
}
meta {
  owner = "you"
}
