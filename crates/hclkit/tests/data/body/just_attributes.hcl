a = "x"
nested "n" {
}
b = "y"
other {
}
