a = k
b = "${k}${m}"
