a = { for x in ["true", "x"]: x => 1 if x }
