a = true == true
