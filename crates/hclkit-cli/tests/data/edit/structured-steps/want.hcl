locals {
  # the name
  x = var.on ? "a-${var.b}-c" : upper(var.e) # kept
  y = 1
}
