a = false || true
