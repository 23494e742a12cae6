a = "${big}"
