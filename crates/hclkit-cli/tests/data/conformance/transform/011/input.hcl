b {
  v = "x"
}
b {
  v = "y"
}
