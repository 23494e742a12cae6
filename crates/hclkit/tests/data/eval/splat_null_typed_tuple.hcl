# The source is a null of a tuple type (a conditional converts its null result to the
# unified type of both results), so the splat cannot auto-upgrade it.
a = (true ? null : ["x", "y"])[*]
b = (false ? ["x"] : null).*
c = (true ? null : [{ k = 1 }])[*].k
