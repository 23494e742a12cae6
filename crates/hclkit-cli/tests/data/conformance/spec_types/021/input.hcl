b {
  v = "x"
}
