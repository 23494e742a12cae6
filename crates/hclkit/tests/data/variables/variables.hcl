simple     = var.name
literals   = [1, "two", true, null]
ops        = a + b.c * -d[0] - (e ? f.g : h["k"])
call       = upper(name, x...)
index      = list[idx].attr[var.key]
legacy     = foo.0.bar
splat      = items.*.id
splat_full = items[*].tags[0]
rel        = func(x).attr[0]
tuple_for  = [for k, v in var.m : "${k}-${v.name}-${local.x}" if v != null && z[0]["q"].w]
obj_for    = { for i, v in xs : v.key => i + other... }
shadow     = [for x in x : [for y in x : y + x + outer]]
key_only   = [for v in vals : k]
keys       = { bare = 1, "str" = 2, (paren) = 3, dotted.key = 4, true = 5, "${tk}" = 6, null = 7 }
template   = "Hello ${name}! %{ for s in seq }${s}${sep}%{ endfor }%{ if c }${yes}%{ else }no%{ endif }"
heredoc    = <<EOT
  ${h1}
  %{ for i in h2 }${i.v}${n}%{ endfor }
EOT
nested_tpl = "${"inner ${deep.ref} ${[for q in qs : "${q}${w}"]}"}"
keywords   = [true, false, null]
