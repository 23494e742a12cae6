label "a" "b" {
}
