name = "é"
