b {
  v = "x"
}
b {
  v = "x"
}
b {
  v = "a"
}
