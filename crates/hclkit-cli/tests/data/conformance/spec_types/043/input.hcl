outer {
  inner {
    z = 1
  }
}
