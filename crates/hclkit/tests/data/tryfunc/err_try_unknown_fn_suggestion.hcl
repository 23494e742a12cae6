a = try(uper("x"), lenght("y"))
