outer {
  x = 1
  inner {
    y = "a"
  }
  inner {
    y = "b"
  }
}
