# A small service definition: hclkit check validates it, hcldec turns it into JSON by
# service.hcldec.
name     = "web"
replicas = 3
image    = "nginx:${version}"

port "http" {
  number   = 80
  protocol = "tcp"
}

port "https" {
  number = 443
}

env {
  LOG_LEVEL = upper("info")
  WORKERS   = 2 * 4
}

tags = [for t in ["frontend", "public"] : "team-${t}"]
