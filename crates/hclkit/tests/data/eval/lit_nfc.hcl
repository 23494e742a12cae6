a = "é"
b = "café" == "café"
