a = true || unknownvar
