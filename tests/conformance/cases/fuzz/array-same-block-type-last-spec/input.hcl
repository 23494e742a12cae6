b "web" "b" {
}
