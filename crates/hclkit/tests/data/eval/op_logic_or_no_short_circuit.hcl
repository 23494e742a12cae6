a = true || undefined_var
