b {
  v = 1
}
m "x" {
  v = 2
}
