a = true ? 1 : unknownvar
