a = length("abc")
