name = "web"
port = 80
listen {
  addr = "x"
}
extra = true
