svc a {
  port = 1
}
