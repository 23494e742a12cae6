b {
  v = 1
}
b {
  v = 2
}
