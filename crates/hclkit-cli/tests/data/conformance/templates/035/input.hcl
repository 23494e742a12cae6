a = "%{if true}a%{else}b"
