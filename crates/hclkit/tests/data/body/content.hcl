nmae = "x"
count = 1
servce {
}
resource "a" {
}
resource "a" "b" "c" {
}
service "x" {
}
count {
}
