svc "a" {
  port = 1
}
svc "b" {
  port = 2
}
