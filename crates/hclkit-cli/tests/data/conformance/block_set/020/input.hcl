b {
  c {
    v = 1
  }
  c {
    v = 1
  }
}
b {
  c {
    v = 2
  }
}
