name = "web"
rules {
}
