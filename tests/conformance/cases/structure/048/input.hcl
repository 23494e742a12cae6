name = "web"
meta "lbl" {
}
