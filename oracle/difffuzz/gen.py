"""Random hcldec cases from the grammar, as shrinkable trees.

A case is `Case(spec, input, json_input, vars, flags)` where `spec` and `input` are `N` trees:
a node is a list of parts (strings or nodes) rendered by concatenation. Nodes know how they may
be simplified, which is all the shrinker (difffuzz.py) needs:

- `drop=True`: the node may be removed (an attribute, a block, a list element with its comma);
- `cat="e"`: an expression, which may be replaced by one of its nearest sub-expressions or by a
  plain literal.

Left out on purpose (the reference's defects, see oracle/conformance/README.md): `block_attrs`
specs and `default` specs with a single nested spec are never generated.

Also left out, a known difference of ours: a combining mark that begins a token (e.g. right
after a quote, after damage removed its base letter). The reference counts columns in grapheme
clusters token by token, so such a mark is a column of its own there; we count clusters over
the line. Only columns after it on that line differ (bytes and lines agree). Infinite numbers and
random "Did you mean" suggestions can still arise; difffuzz.py recognises and sets them aside.
"""
import json
import random


class N:
    __slots__ = ("parts", "cat", "drop")

    def __init__(self, parts, cat=None, drop=False):
        self.parts = parts
        self.cat = cat
        self.drop = drop

    def render(self):
        out = []
        self._render(out)
        return "".join(out)

    def _render(self, out):
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
            else:
                p._render(out)

    def size(self):
        return 1 + sum(p.size() for p in self.parts if isinstance(p, N))


def E(*parts):
    return N(list(parts), cat="e")


def item(*parts):
    return N(list(parts), drop=True)


class Case:
    def __init__(self, spec, input, json_input=False, vars=None, flags=None, kind=""):
        self.spec = spec
        self.input = input
        self.json_input = json_input
        self.vars = vars
        self.flags = flags or []
        self.kind = kind

    def replace(self, **kw):
        c = Case(self.spec, self.input, self.json_input, self.vars, self.flags, self.kind)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


# ------------------------------------------------------------------ shared vocabulary

VARS = {
    "n": 5, "s": "hello", "b": True, "z": None, "f": 1.5, "neg": -3,
    "l": [1, 2, 3], "ls": ["a", "b", "c"], "e": [], "em": {},
    "m": {"x": 1, "y": 2}, "ms": {"k": "v", "w": "u"},
    "o": {"name": "web", "port": 80, "tags": ["a", "b"]},
    "objs": [{"name": "a", "v": 1}, {"name": "b", "v": 2}],
    "nested": {"a": {"b": {"c": [10, 20]}}},
    "big": 18446744073709551617, "tiny": 1e-300, "u": "h\u00e9llo \u65e5\u672c",
    "mixed": [1, "a", True, None],
}

FUNCS = {
    # name: (params, variadic, result)
    "add": (["a", "b"], None, "a + b"),
    "greet": (["name"], None, '"Hello, ${upper(name)}!"'),
    "count": ([], "xs", "length(xs)"),
    "pick": (["m", "k"], None, "m[k]"),
    "ident": (["x"], None, "x"),
    "first": (["x"], "rest", "coalesce(x, rest...)"),
    "wrap": (["x"], None, "[x, x]"),
    "cat": (["a"], "more", "concat(a, more...)"),
}

SPEC_FUNCS = {
    # name: argument kinds (None: variadic of that kind)
    "abs": ["num"], "coalesce": None, "concat": None, "hasindex": ["coll", "any"],
    "int": ["num"], "jsondecode": ["json"], "jsonencode": ["any"], "length": ["coll"],
    "lower": ["str"], "max": None, "min": None, "reverse": ["str"], "strlen": ["str"],
    "substr": ["str", "num", "num"], "upper": ["str"],
}

IDENT_WORDS = ["a", "b", "c", "x", "y", "name", "port", "tags", "v", "k", "id", "value", "enabled", "count"]
UNI = ["\u00e9", "e\u0301", "\u65e5\u672c", "\U0001F600", "\u00df", "\u0130", "\u03a3", "\ufb01", "\u00a0", "\u2028"]
ESCAPES = ["\\n", "\\t", "\\r", '\\"', "\\\\", "\\u00e9", "\\u0041", "\\U0001F600", "$${", "%%{", "\\u0301"]
BINOPS = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]
TYPES_PRIM = ["any", "string", "number", "bool"]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.funcs = FUNCS
        self.spec_mode = False  # generating a spec-file expression (spec functions, no vars)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    # -------------------------------------------------------------- literals
    def number(self):
        r = self.r
        k = r.randrange(10)
        if k < 3:
            return str(r.randrange(0, 20))
        if k == 3:
            return str(r.randrange(0, 10 ** r.randrange(1, 45)))
        if k == 4:
            return "%d.%s" % (r.randrange(0, 1000), "".join(r.choice("0123456789") for _ in range(r.randrange(1, 35))))
        if k == 5:
            return "%d%s%s%d" % (r.randrange(0, 100), r.choice(["e", "E"]), r.choice(["", "+", "-"]), r.randrange(0, 400))
        if k == 6:
            return "%d.%d" % (r.randrange(0, 100), r.randrange(0, 100))
        if k == 7:
            return "0.%s1" % ("0" * r.randrange(0, 30))
        if k == 8:
            return "%d.%de%s%d" % (r.randrange(0, 10), r.randrange(0, 1000), r.choice(["", "-"]), r.randrange(0, 40))
        return self.pick(["9007199254740993", "18446744073709551616", "0.1", "1e308", "4.9e-324", "1.7976931348623157e308", "3.14159265358979323846264338327950288"])

    def str_chars(self, quoted=True):
        r = self.r
        out = []
        for _ in range(r.randrange(0, 6)):
            k = r.randrange(8)
            if k < 3:
                out.append(r.choice(["a", "b", "x", "hello", " ", "web", "A", "Z", "1", "-", "_", ".", "$", "%", "$x", "%x", "}", "{"]))
            elif k < 5:
                out.append(r.choice(UNI))
            elif quoted:
                out.append(r.choice(ESCAPES))
            else:
                out.append(r.choice(["\\", '"', "$${", "%%{", "\\n"]))
        return "".join(out)

    def string(self, d):
        """A quoted template: literal text, escapes, interpolations and directives."""
        parts = ['"']
        for _ in range(self.r.randrange(0, 4)):
            parts.extend(self.template_part(d, quoted=True))
        parts.append('"')
        return E(*parts)

    def strip(self, left):
        return "~" if self.chance(0.25) else ("" if left else "")

    def template_part(self, d, quoted, scope=None):
        r = self.r
        k = r.randrange(10) if d > 0 else 0
        if k < 4:
            return [self.str_chars(quoted)]
        if k < 7:
            return ["${" + self.strip(True) + " " * r.randrange(2), self.expr(d - 1), " " * r.randrange(2) + self.strip(False) + "}"]
        if k < 9:
            parts = ["%{" + self.strip(True) + " if ", self.expr(d - 1, want="bool"), " " + self.strip(False) + "}"]
            for _ in range(r.randrange(0, 3)):
                parts.extend(self.template_part(d - 1, quoted))
            if self.chance(0.4):
                parts.append("%{" + self.strip(True) + " else " + self.strip(False) + "}")
                for _ in range(r.randrange(0, 3)):
                    parts.extend(self.template_part(d - 1, quoted))
            parts.append("%{" + self.strip(True) + " endif " + self.strip(False) + "}")
            return [N(parts)]
        var = self.pick(["x", "i", "k"])
        key = self.pick(["", "j, ", "kk, "])
        parts = ["%{" + self.strip(True) + " for " + key + var + " in ", self.expr(d - 1, want="coll"), " " + self.strip(False) + "}"]
        self.scope_push(key.strip(", ") if key else None, var)
        for _ in range(r.randrange(0, 3)):
            parts.extend(self.template_part(d - 1, quoted))
        self.scope_pop(key.strip(", ") if key else None, var)
        parts.append("%{" + self.strip(True) + " endfor " + self.strip(False) + "}")
        return [N(parts)]

    def heredoc(self, d):
        r = self.r
        marker = self.pick(["EOT", "END", "X"])
        indent = self.chance(0.5)
        lines = []
        for _ in range(r.randrange(0, 4)):
            pad = " " * r.randrange(0, 5) if indent else (" " * r.randrange(0, 2))
            line = [pad]
            for _ in range(r.randrange(0, 3)):
                line.extend(self.template_part(d - 1, quoted=False))
            lines.append(N(line + ["\n"], drop=True))
        close = (" " * r.randrange(0, 3) if indent else "") + marker
        return E("<<" + ("-" if indent else "") + marker + "\n", *lines, close + "\n")

    # -------------------------------------------------------------- scope of variables
    def scope_push(self, *names):
        for n in names:
            if n:
                self.scope.append(n)

    def scope_pop(self, *names):
        for n in names:
            if n:
                self.scope.remove(n)

    def var(self):
        if self.spec_mode:
            return self.pick(self.scope) if self.scope else self.literal()
        if self.scope and self.chance(0.5):
            return self.pick(self.scope)
        if self.chance(0.05):
            return self.pick(["undefined", "nn", "ss", "obj", "nme"])
        return self.pick(sorted(self.vars.keys())) if self.vars else "n"

    def literal(self):
        k = self.r.randrange(6)
        if k < 3:
            return self.number()
        if k == 3:
            return self.pick(["true", "false", "null"])
        return '"' + self.str_chars() + '"'

    # -------------------------------------------------------------- expressions
    def expr(self, d, want=None):
        r = self.r
        if d <= 0 or self.chance(0.2):
            if want == "bool" and self.chance(0.7):
                return E(self.pick(["true", "false", self.var() + " == null", "b", "!b"]))
            if want == "coll" and self.chance(0.7):
                return E(self.pick(["l", "ls", "m", "o", "objs", "[1, 2]", '{a = 1, b = "x"}', "e", "mixed", "ms"]) if not self.spec_mode else self.pick(["[1, 2]", '{a = 1}', '["x", "y"]']))
            if self.chance(0.6):
                return E(self.literal())
            return E(self.var())
        k = r.randrange(100)
        if k < 8:
            return E(self.literal())
        if k < 14:
            return self.string(d)
        if k < 22:
            return self.traversal(d)
        if k < 36:
            op = self.pick(BINOPS)
            return E(self.expr(d - 1), " %s " % op, self.expr(d - 1))
        if k < 40:
            return E(self.pick(["-", "!"]), self.expr(d - 1))
        if k < 44:
            return E("(", self.expr(d - 1), ")")
        if k < 52:
            return E(self.expr(d - 1, want="bool"), " ? ", self.expr(d - 1), " : ", self.expr(d - 1))
        if k < 58:
            return self.tuple(d)
        if k < 64:
            return self.obj(d)
        if k < 74:
            return self.for_expr(d)
        if k < 80:
            return self.splat(d)
        if k < 90:
            return self.call(d)
        if k < 94:
            h = self.heredoc(d)
            return E("(", h, ")") if self.chance(0.5) else h
        return self.string(d)

    def elems(self, d, n, sep=", "):
        parts = []
        for i in range(n):
            parts.append(item(self.expr(d), sep if (i < n - 1 or self.chance(0.1)) else ""))
        return parts

    def tuple(self, d):
        n = self.r.randrange(0, 4)
        nl = "\n" if self.chance(0.15) else ""
        return E("[" + nl, *self.elems(d - 1, n, ",\n" if nl else ", "), nl + "]")

    def key(self, d):
        k = self.r.randrange(6)
        if k < 3:
            return self.pick(IDENT_WORDS + ["for", "if", "null", "true"])
        if k == 3:
            return '"' + self.str_chars() + '"'
        if k == 4:
            return E("(", self.expr(d - 1), ")")
        return self.pick(IDENT_WORDS)

    def obj(self, d):
        n = self.r.randrange(0, 4)
        parts = ["{"]
        nl = self.chance(0.3)
        for i in range(n):
            sep = "\n" if nl else (", " if i < n - 1 else "")
            parts.append(item(self.key(d), self.pick([" = ", ": ", "="]), self.expr(d - 1), sep))
        parts.append("}")
        return E(*parts)

    def for_expr(self, d):
        r = self.r
        obj = self.chance(0.4)
        v = self.pick(["x", "it", "v"])
        kv = self.pick([None, None, "i", "k"])
        head = ("{" if obj else "[") + "for " + (kv + ", " if kv else "") + v + " in "
        coll = self.expr(d - 1, want="coll")
        self.scope_push(kv, v)
        parts = [head, coll, ": "]
        if obj:
            parts += [self.expr(d - 1), " => ", self.expr(d - 1)]
            if self.chance(0.2):
                parts.append("...")
        else:
            parts.append(self.expr(d - 1))
        if self.chance(0.3):
            parts.append(N([" if ", self.expr(d - 1, want="bool")], drop=True))
        self.scope_pop(kv, v)
        parts.append("}" if obj else "]")
        return E(*parts)

    def traversal(self, d):
        r = self.r
        parts = [self.var() if self.chance(0.8) else self.expr(d - 1, want="coll")]
        if not isinstance(parts[0], str):
            parts = ["(", parts[0], ")"]
        for _ in range(r.randrange(1, 4)):
            k = r.randrange(6)
            if k < 2:
                parts.append("." + self.pick(IDENT_WORDS + ["x", "y", "a", "b", "c", "0", "1"]))
            elif k < 4:
                parts += ["[", self.pick([E(self.pick(["0", "1", "2", "-1", '"x"', '"name"', '"a"', "1.5", "null", "n - 4"])), self.expr(d - 1)]), "]"]
            elif k == 4:
                parts.append(self.pick(["[*]", ".*"]))
            else:
                parts.append(self.pick(["[*].name", ".*.v", "[*][0]"]))
        return E(*parts)

    def splat(self, d):
        base = self.pick(["objs", "l", "o", "z", "n", "ls", "mixed", "e", "[{a = 1}, {a = 2}]", "{a = 1}"]) if not self.spec_mode else "[{a = 1}, {a = 2}]"
        return E(base, self.pick(["[*]", ".*", "[*].name", ".*.name", "[*].a", "[*][0]", "[*].v"]))

    def call(self, d):
        r = self.r
        if self.spec_mode:
            name = self.pick(sorted(SPEC_FUNCS))
            kinds = SPEC_FUNCS[name]
            if kinds is None:
                kinds = ["any"] * r.randrange(0, 4)
        else:
            if self.chance(0.04):
                name = self.pick(["nope", "upper", "lenght", "ad"])
                kinds = ["any"]
            else:
                name = self.pick(sorted(self.funcs))
                params, variadic, _ = self.funcs[name]
                kinds = ["any"] * (len(params) + (r.randrange(0, 3) if variadic else 0))
        if self.chance(0.1):
            kinds = kinds + ["any"] if self.chance(0.5) else kinds[:-1]
        args = []
        for i, k in enumerate(kinds):
            a = self.arg(d - 1, k)
            args.append(item(a, ", " if i < len(kinds) - 1 else ""))
        if args and self.chance(0.1):
            args.append("...")
        nl = "\n" if self.chance(0.1) else ""
        return E(name + "(" + nl, *args, nl + ")")

    def arg(self, d, kind):
        if kind == "num" and self.chance(0.7):
            return E(self.pick([self.number(), "-" + self.number()]))
        if kind == "str" and self.chance(0.7):
            return self.string(max(d, 0)) if self.chance(0.5) else E('"' + self.str_chars() + '"')
        if kind == "json" and self.chance(0.8):
            doc = json.dumps(self.json_value(2))
            return E(json.dumps(doc if self.chance(0.9) else doc[:-1]))
        if kind == "coll" and self.chance(0.7):
            return self.pick([self.tuple(max(d, 1)), self.obj(max(d, 1))])
        return self.expr(d)

    def json_value(self, d):
        r = self.r
        k = r.randrange(8) if d > 0 else r.randrange(5)
        if k == 0:
            return r.randrange(-100, 10 ** r.randrange(1, 25))
        if k == 1:
            return r.choice([1.5, 0.1, -2.25, 1e300, 1e-7, 3.0])
        if k == 2:
            return r.choice([True, False, None])
        if k < 5:
            return self.str_chars(quoted=False)
        if k < 7:
            return [self.json_value(d - 1) for _ in range(r.randrange(0, 4))]
        return {self.pick(IDENT_WORDS): self.json_value(d - 1) for _ in range(r.randrange(0, 4))}

    # -------------------------------------------------------------- types
    def type_expr(self, d=2):
        r = self.r
        if d <= 0 or self.chance(0.5):
            return self.pick(TYPES_PRIM)
        k = r.randrange(5)
        if k < 3:
            return "%s(%s)" % (["list", "set", "map"][k], self.type_expr(d - 1))
        if k == 3:
            names = r.sample(IDENT_WORDS, r.randrange(0, 3))
            return "object({%s})" % ", ".join("%s = %s" % (n, self.type_expr(d - 1)) for n in names)
        return "tuple([%s])" % ", ".join(self.type_expr(d - 1) for _ in range(r.randrange(0, 3)))

    # -------------------------------------------------------------- case kinds
    def new_vars(self):
        vs = dict(VARS)
        if self.chance(0.3):
            for _ in range(self.r.randrange(1, 3)):
                vs[self.pick(["p", "q", "w"])] = self.json_value(2)
        return vs

    def functions_spec(self):
        parts = []
        for name in sorted(self.funcs):
            params, variadic, result = self.funcs[name]
            body = "function %s {\n  params = [%s]\n" % (json.dumps(name), ", ".join(params))
            if variadic:
                body += "  variadic_param = %s\n" % variadic
            body += "  result = %s\n}\n" % result
            parts.append(item(body))
        return parts

    def case_expr(self):
        self.vars = self.new_vars()
        self.scope = []
        ty = self.type_expr() if self.chance(0.25) else "any"
        d = self.r.randrange(1, 5)
        e = self.expr(d) if self.chance(0.8) else self.pick([self.heredoc(d), self.string(d), self.for_expr(d)])
        spec = N(self.functions_spec() + ['attr {\n  name = "a"\n  type = %s\n}\n' % ty])
        body = N([item("a = ", e, "\n")])
        if self.chance(0.1):
            body.parts.insert(0, item("# comment\n"))
        return Case(spec, body, vars=self.vars, kind="expr")

    def case_spec_funcs(self):
        self.spec_mode = True
        self.vars = {}
        self.scope = []
        d = self.r.randrange(1, 4)
        if self.chance(0.6):
            spec = N(["literal {\n  value = ", self.call(d) if self.chance(0.8) else self.expr(d), "\n}\n"])
            self.spec_mode = False
            return Case(spec, N([]), kind="specfn")
        ty = self.type_expr()
        self.scope = ["nested"]
        res = self.call(d) if self.chance(0.7) else self.expr(d)
        self.spec_mode = False
        spec = N(['transform {\n  attr {\n    name = "a"\n    type = %s\n  }\n  result = ' % ty, res, "\n}\n"])
        self.vars = self.new_vars()
        self.scope = []
        body = N([item("a = ", self.expr(2), "\n")])
        return Case(spec, body, vars=self.vars, kind="transform")

    # -------------------------------------------------------------- bodies
    def spec_tree(self, d, name=None):
        """A spec block (as an N) plus a description used to generate matching input."""
        r = self.r
        label = ' "%s"' % name if name else ""
        k = r.randrange(10) if d > 0 else 0
        if k < 3:
            ty = self.type_expr()
            req = self.chance(0.25)
            attr_name = name if (name and self.chance(0.7)) else self.pick(IDENT_WORDS)
            lines = ["attr%s {\n" % label]
            if not name or attr_name != name or self.chance(0.3):
                lines.append('  name = "%s"\n' % attr_name)
            lines.append("  type = %s\n" % ty)
            if req:
                lines.append("  required = true\n")
            lines.append("}\n")
            return N(lines), ("attr", attr_name, ty, req)
        if k < 5:
            children = []
            descs = []
            used = set()
            for _ in range(r.randrange(1, 5)):
                cname = self.pick(IDENT_WORDS)
                if cname in used:
                    continue
                used.add(cname)
                node, desc = self.spec_tree(d - 1, cname)
                children.append(N([node], drop=True))
                descs.append(desc)
            return N(["object%s {\n" % label] + children + ["}\n"]), ("object", descs)
        if k < 9:
            kind = self.pick(["block", "block_list", "block_set", "block_map"])
            btype = name if (name and self.chance(0.6)) else self.pick(["svc", "rule", "item", "meta", "b"])
            lines = ["%s%s {\n" % (kind, label)]
            if not name or btype != name:
                lines.append('  block_type = "%s"\n' % btype)
            labels = []
            mn = mx = 0
            req = False
            if kind == "block_map":
                labels = r.sample(["name", "type", "id"], r.randrange(1, 3))
                lines.append("  labels = [%s]\n" % ", ".join(json.dumps(l) for l in labels))
            elif kind == "block":
                req = self.chance(0.3)
                if req:
                    lines.append("  required = true\n")
            else:
                if self.chance(0.3):
                    mn = r.randrange(0, 3)
                    lines.append("  min_items = %d\n" % mn)
                if self.chance(0.3):
                    mx = r.randrange(max(mn, 1), 4)
                    lines.append("  max_items = %d\n" % mx)
            inner, desc = self.spec_tree(d - 1)
            return N(lines + [inner, "}\n"]), (kind, btype, labels, mn, mx, req, desc)
        if k == 9 and self.chance(0.5):
            a, da = self.spec_tree(d - 1)
            b = N(["literal {\n  value = ", self.json_literal(), "\n}\n"])
            return N(["default%s {\n" % label, a, b, "}\n"]), ("default", da)
        a, da = self.spec_tree(d - 1)
        b, db = self.spec_tree(d - 1)
        return N(["array%s {\n" % label, N([a], drop=True), N([b], drop=True), "}\n"]), ("array", [da, db])

    def json_literal(self):
        v = self.json_value(1)
        return json.dumps(v, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")

    def body_for(self, desc, d, indent=""):
        """Body items (a list of droppable N) that mostly satisfy `desc`."""
        r = self.r
        kind = desc[0]
        out = []
        if kind == "attr":
            _, name, ty, req = desc
            if not req and self.chance(0.2):
                return out
            if self.chance(0.05):
                name = name + "x"
            out.append(item(indent, name, " = ", self.expr(r.randrange(0, 3)), "\n"))
        elif kind in ("object", "array"):
            for sub in desc[1]:
                out.extend(self.body_for(sub, d, indent))
        elif kind == "default":
            out.extend(self.body_for(desc[1], d, indent))
        else:
            _, btype, labels, mn, mx, req, inner = desc
            if kind == "block":
                count = r.choice([0, 1, 1, 1, 2]) if not req else r.choice([0, 1, 1, 1, 1])
            else:
                count = r.randrange(0, 4)
            for _ in range(count):
                labs = labels
                if self.chance(0.05):
                    labs = labels + ["extra"] if self.chance(0.5) else labels[:-1]
                lab = "".join(' "%s"' % self.pick(["a", "b", "web", "x"]) for _ in labs)
                inner_items = self.body_for(inner, d - 1, indent + "  ")
                out.append(item(indent, btype, lab, " {\n", *inner_items, indent, "}\n"))
        if self.chance(0.05):
            out.append(item(indent, self.pick(["extra", "nme", "unknown"]), " = 1\n"))
        return out

    def case_body(self):
        self.vars = self.new_vars()
        self.scope = []
        spec, desc = self.spec_tree(self.r.randrange(1, 4))
        items = self.body_for(desc, 3)
        flags = ["--keep-nulls"] if self.chance(0.1) else []
        return Case(N(self.functions_spec() + [spec]), N(items), vars=self.vars, flags=flags, kind="body")

    # -------------------------------------------------------------- JSON inputs
    def json_expr_value(self, d):
        r = self.r
        k = r.randrange(8) if d > 0 else r.randrange(5)
        if k < 2:
            return self.json_value(0)
        if k < 4:
            # a string template: literal text and interpolations
            self.scope = []
            parts = []
            for _ in range(r.randrange(1, 3)):
                parts.extend(self.template_part(2, quoted=False))
            return N(parts).render()
        if k < 6:
            return [self.json_expr_value(d - 1) for _ in range(r.randrange(0, 3))]
        return {self.pick(IDENT_WORDS): self.json_expr_value(d - 1) for _ in range(r.randrange(0, 3))}

    def case_json(self):
        self.vars = self.new_vars()
        self.scope = []
        spec, desc = self.spec_tree(self.r.randrange(1, 3))
        doc = self.json_body_for(desc, 2)
        text = json.dumps(doc, ensure_ascii=self.chance(0.5), indent=self.pick([None, 1]))
        return Case(N(self.functions_spec() + [spec]), N([text, "\n"]), json_input=True, vars=self.vars, kind="json")

    def json_body_for(self, desc, d):
        r = self.r
        kind = desc[0]
        out = {}
        if kind == "attr":
            _, name, ty, req = desc
            if req or self.chance(0.8):
                out[name] = self.json_expr_value(2)
        elif kind in ("object", "array"):
            for sub in desc[1]:
                out.update(self.json_body_for(sub, d))
        elif kind == "default":
            out.update(self.json_body_for(desc[1], d))
        else:
            _, btype, labels, mn, mx, req, inner = desc
            count = r.randrange(0, 3)
            if count == 0:
                return out
            if labels:
                v = {}
                for _ in range(count):
                    cur = v
                    for i, _l in enumerate(labels):
                        key = self.pick(["a", "b", "web"])
                        if i == len(labels) - 1:
                            cur[key] = self.json_body_for(inner, d - 1)
                        else:
                            cur = cur.setdefault(key, {})
                            if not isinstance(cur, dict):
                                break
                out[btype] = v
            elif count == 1 and self.chance(0.5):
                out[btype] = self.json_body_for(inner, d - 1)
            else:
                out[btype] = [self.json_body_for(inner, d - 1) for _ in range(count)]
        if self.chance(0.05):
            out["extra"] = 1
        return out

    # -------------------------------------------------------------- broken inputs
    def break_text(self, text):
        """`text` damaged; never leaving a combining mark at the start of a token (see below)."""
        for _ in range(10):
            out = self._break_text(text)
            if not any(out[i] == "\u0301" and (i == 0 or out[i - 1] != "e") for i in range(len(out))):
                return out
        return text + "{"

    def _break_text(self, text):
        r = self.r
        if not text:
            return text + self.pick(["{", "=", '"', "a =", "${"])
        for _ in range(r.randrange(1, 3)):
            i = r.randrange(len(text) + 1)
            k = r.randrange(5)
            if k == 0:
                text = text[:i] + text[i + 1:]
            elif k == 1:
                text = text[:i] + self.pick(["{", "}", "(", ")", "[", "]", '"', "=", ",", "\n", "${", "%{", "~", "...", "?", ":", "<<EOT", "\\", "\x00", "#", "/*", "=>", "*", "."]) + text[i:]
            elif k == 2:
                j = min(len(text), i + r.randrange(1, 6))
                text = text[:i] + text[j:]
            elif k == 3:
                text = text[:i]
            else:
                text = text[:i] + self.pick(UNI + ["\ufeff", "\t", "\r\n", "\r"]) + text[i:]
        return text

    def case(self):
        r = self.r
        k = r.randrange(100)
        if k < 40:
            c = self.case_expr()
        elif k < 52:
            c = self.case_spec_funcs()
        elif k < 80:
            c = self.case_body()
        else:
            c = self.case_json()
        if r.random() < 0.12:
            text = self.break_text(c.input.render())
            c.input = N([N([line], drop=True) for line in text.splitlines(True)])
            c.kind += "+broken"
        elif r.random() < 0.03:
            text = self.break_text(c.spec.render())
            c.spec = N([N([line], drop=True) for line in text.splitlines(True)])
            c.kind += "+brokenspec"
        return c


def generate(seed):
    """The case for `seed` (each case has its own seed, so a case is reproducible alone)."""
    return Gen(random.Random(seed)).case()
