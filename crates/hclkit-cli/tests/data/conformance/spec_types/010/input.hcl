svc "a" {
  port = 1
}
svc "a" {
  port = 2
}
