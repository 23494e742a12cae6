locals {
  a = 1
  b = 2

  c          = 3
  longer_key = 4
}
