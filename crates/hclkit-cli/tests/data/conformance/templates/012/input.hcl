a = "%{if !b}yes%{else}no%{endif}"
