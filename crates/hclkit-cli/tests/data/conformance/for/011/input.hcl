a = {for x in ["a", "a"]: x => x}
