a = upper(lower(upper("MiXeD")))
b = length(concat([1, 2], [3], []))
