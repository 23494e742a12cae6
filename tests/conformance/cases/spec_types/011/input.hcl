svc {
  port = 1
}
