listen = "x"
adress = "y"
listen {
  prot = "80"
  tcp "x" {}
}
