a = uppr("x")
