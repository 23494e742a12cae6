b {
  p = "x"
}
