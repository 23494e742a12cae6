a = "${unknownvar}"
