a = jsondecode("{")
