a = "%{if b}yes%{endif}"
