
service "web" {
  image    = "nginx:${version}"
  port     = 8080
  replicas = max(2, 3)
  health {
    path     = "/healthz"
    interval = 10
  }
}
service "db" {
  image    = "postgres:${version}"
  port     = 5432
  replicas = 1
}
