a = 1
b {
  v = "x"
}
