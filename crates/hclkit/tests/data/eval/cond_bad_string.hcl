a = "maybe" ? 2 : 3
