a = length([1]) > 0 ? upper("y") : "n"
