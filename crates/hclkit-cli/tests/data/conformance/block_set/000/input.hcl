b {
  n = "x"
  p = 1
}
b {
  n = "x"
  p = 1
}
b {
  n = "y"
}
