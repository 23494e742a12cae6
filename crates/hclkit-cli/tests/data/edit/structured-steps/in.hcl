locals {
  # the name
  x = var.on ? "a-${var.b}-c" : upper(var.d) # kept
  y = 1
}
