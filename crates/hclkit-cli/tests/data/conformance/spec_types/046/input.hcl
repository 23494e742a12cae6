svc "web" {
  replicas = 2
}
