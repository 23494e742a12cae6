a = substr("héllo wörld", 1, 3)
b = upper("straße")
c = strlen("👍🏽x")
