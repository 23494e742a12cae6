a = "pre${n}post${s}end"
