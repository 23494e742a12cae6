a = {for x in ["a", "a", "b"]: x => x...}
