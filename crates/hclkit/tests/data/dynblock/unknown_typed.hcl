# unknown: ul:string,s:string
dynamic "block" {
  for_each = s
  content { a = 1 }
}
dynamic "other" {
  for_each = [ul, "x"]
  content { a = other.value }
}
