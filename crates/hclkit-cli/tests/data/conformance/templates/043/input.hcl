a = "%{if true}%{if false}a%{else}b%{endif}%{endif}"
