name = "web"
}
