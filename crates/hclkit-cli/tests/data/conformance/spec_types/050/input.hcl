b {
  v = 1
}
b {
  v = "x"
}
