r "t" "n" {
  v = 1
}
r "t" "m" {
  v = 2
}
r "u" "n" {
  v = [1]
}
