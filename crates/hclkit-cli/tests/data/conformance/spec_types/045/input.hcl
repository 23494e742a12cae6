svc "web" {
  image = "nginx"
  replicas = 2
}
svc "db" {
  image = "pg"
}
