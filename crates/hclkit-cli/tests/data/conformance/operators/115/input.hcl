a = false || false || true
