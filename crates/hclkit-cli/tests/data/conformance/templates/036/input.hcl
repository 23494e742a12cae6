a = "%{endif}"
