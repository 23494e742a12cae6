a = "%{if 1}a%{endif}"
