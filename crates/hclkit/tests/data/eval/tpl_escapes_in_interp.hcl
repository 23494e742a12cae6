a = "${"\"quoted\""}"
b = "tab\there"
