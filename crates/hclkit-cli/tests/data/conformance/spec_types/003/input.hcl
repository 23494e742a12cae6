b {
  v = 1
}
b {
  v = 2
}
b {
  v = 3
}
