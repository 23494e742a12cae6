a = true || null
