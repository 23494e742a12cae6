a = "${true}"
