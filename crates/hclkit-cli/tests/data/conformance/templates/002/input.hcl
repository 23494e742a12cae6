a = "${s} world"
