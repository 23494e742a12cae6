a = jsondecode("[]").a
