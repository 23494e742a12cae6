# vars: {"x": {"q": 1}}
a = try(
  x.y,
  upper(
    x.q
  ),
  [for v in x.q: v],
)
