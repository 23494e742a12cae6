name  = "app"
count = 3
ratio = 0.1
flags = [true, false]
tags = {
  "a long key" = "x"
  env          = "prod"
}
service "web" {
  port  = 8080
  hosts = ["a.example", "b \"quoted\" $${x}"]
  tls {
    cert = "/etc/tls/web.pem"
    nested = {
      "for" = []
      k     = [1, 2]
    }
    mode = {
      Lax = {
        level = 2
      }
    }
  }
  weights = {
    blue  = -5
    green = 95
  }
  offset = -1
}
service "db" {
  port    = 5432
  hosts   = ["a.example", "b \"quoted\" $${x}"]
  weights = {}
}
extra {
  matrix = [[1, 2], [], [-3]]
  deep = {
    outer = {
      inner = "v"
    }
  }
}
keyed "k1" "disk" {
  v = 1
}
keyed "日本" "" {
  v = 2
}
mirrors {
  url = "https://a"
}
