a = false ? 1 : "x"
