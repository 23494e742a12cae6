a = "%{if n > 3}big%{endif}"
