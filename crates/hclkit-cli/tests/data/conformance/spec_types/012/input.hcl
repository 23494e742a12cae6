svc "a" "b" {
  port = 1
}
