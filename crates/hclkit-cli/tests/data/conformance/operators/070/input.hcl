a = true < false
