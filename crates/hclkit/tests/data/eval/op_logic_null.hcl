a = null || true
