a = { for x in ["a", "bb", "c", "dd"]: length(x) => x... }
b = { for x in [1, 2, 3]: "k" => x... }
