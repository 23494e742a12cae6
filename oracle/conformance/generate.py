#!/usr/bin/env python3
"""Writes the conformance cases of crates/hclkit-cli/tests/data/conformance/ from the tables below.

Each case is a directory holding `spec.hcldec`, `input.hcl` or `input.json`, optionally
`vars.json` (passed as `--vars`) and `flags` (extra hcldec flags, one per line). The expected
outputs (`want.json`) are recorded from the reference hcldec by `record.py`; this script
only writes the inputs. A case whose inputs are unchanged is left as it is (with its
`want.json`); a changed one is replaced (without it: record it again, e.g. with
`record.py --missing`). Other directories are left alone, so hand-written cases (any
directory without a `.generated` marker) survive regeneration.

Usage: python3 oracle/conformance/generate.py
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "..", "crates", "hclkit-cli", "tests", "data", "conformance")

# Left out on purpose (the reference's defects, see the README): infinite results (`1/0`), which
# make the reference print invalid JSON, and misspellings with several equally close
# suggestions, where the reference picks one at random.
ANY = 'attr {\n  name = "a"\n  type = any\n}\n'


def attr_spec(ty="any"):
    return 'attr {\n  name = "a"\n  type = %s\n}\n' % ty


written = []
changed = []


def case(group, name, spec, input_text, vars=None, json_input=False, flags=None):
    d = os.path.join(CASES, group, name)
    files = {"spec.hcldec": spec, ("input.json" if json_input else "input.hcl"): input_text, ".generated": ""}
    if vars is not None:
        files["vars.json"] = json.dumps(vars, sort_keys=True) + "\n"
    if flags:
        files["flags"] = "\n".join(flags) + "\n"
    written.append(d)
    if os.path.isdir(d) and set(os.listdir(d)) - {"want.json"} == set(files):
        same = True
        for f, text in files.items():
            with open(os.path.join(d, f), encoding="utf-8", newline="") as fh:
                same = same and fh.read() == text
        if same:
            return  # unchanged: its recorded want.json stays
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    for f, text in files.items():
        with open(os.path.join(d, f), "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    changed.append(d)


def exprs(group, items, ty="any", vars=None, start=0):
    """One case per expression, numbered from `start`; returns the next number."""
    for i, e in enumerate(items, start):
        case(group, "%03d" % i, attr_spec(ty), "a = %s\n" % e, vars=vars)
    return start + len(items)


VARS = {
    "n": 5, "s": "hello", "b": True, "z": None, "f": 1.5,
    "l": [1, 2, 3], "ls": ["a", "b", "c"], "e": [],
    "m": {"x": 1, "y": 2}, "o": {"name": "web", "port": 80, "tags": ["a", "b"]},
    "objs": [{"name": "a", "v": 1}, {"name": "b", "v": 2}],
    "nested": {"a": {"b": {"c": [10, 20]}}},
    "big": 18446744073709551617,
}

# ---------------------------------------------------------------- literals
exprs("literals", [
    "1", "0", "-1", "1.5", "1e3", "1E-3", "0.1", "123456789012345678901234567890",
    "1.00000000000000000000000000000000001", "007", "1e400", "-0",
    "true", "false", "null", '"x"', '""', '"a\\nb\\tc"', '"\\u00e9"', '"\\U0001F600"',
    '"e\\u0301"', '"quote \\" backslash \\\\"', '"$${x}"', '"%%{x}"', '"\\r"',
    "[]", "[1, 2, 3]", "[1, \"a\", true]", "[1,]", "[\n1,\n2\n]", "{}", "{a = 1}", "{a = 1, b = 2}",
    "{a: 1}", '{"a" = 1}', "{(\"a\") = 1}", "{a = 1\nb = 2}", "{a = {b = [1]}}", "[[], [[]]]",
    "{for = 1}", "{if = 2}", "{null = 1}", "{true = 1}", '{"a b" = 1}', "{a = 1, a = 2}",
    "[null, 1]", "[null]", "{a = null}", "1.", "0x10", "1e", '"unterminated', "[1, 2", "{a = 1",
    "{a = 1,,}", "[,]", "'single'", "\"\\q\"", "\"\\u12\"", "1 2",
])

# ---------------------------------------------------------------- operators
N_OPERATORS = exprs("operators", [
    "1 + 2", "5 - 3", "2 * 3", "7 / 2", "7 % 3", "-7 % 3", "7 % -3", "7.5 % 2", "1 / 3", "2 / 3 * 3",
    "0.1 + 0.2", "0 / 0", "1 % 0", "18446744073709551617 * 3", "1e308 * 10",
    "-(1)", "- -1", "!true", "!false", "!!true", "1 + 2 * 3", "(1 + 2) * 3", "10 - 2 - 3", "2 * 3 % 4",
    "1 == 1", "1 == 2", "1 != 1", '"a" == "a"', '"a" == 1', "1 == \"1\"", "true == true", "null == null",
    "[1] == [1]", "[1] == [2]", "{a = 1} == {a = 1}", "{a = 1} == {a = 2}", "[] == []", "{} == {}",
    "1 < 2", "2 < 1", "1 <= 1", "2 >= 3", "3 > 2", "1.5 < 1.25", '"2" < 10', "-1 < -2",
    "true && true", "true && false", "false || true", "false || false", "true && !false",
    "1 < 2 && 2 < 3", "1 + 2 == 3", "1 == 1 == true", "!1", "-true", "-\"1\"", "-\"x\"", "1 + \"2\"",
    "\"1\" + \"2\"", "1 + \"x\"", "true + 1", "1 + null", "null + 1", "[1] + 1", "1 && true",
    "\"true\" && true", "null && true", "1 < \"x\"", "1 < null", "true < false", "1 +", "* 2",
    "1 ++ 2", "1 = 2", "n + 1", "n * f", "s == \"hello\"", "b && true", "z == null", "z + 1", "l == [1,2,3]",
    "m.x + m.y", "n > 3 && n < 10", "!b", "-n", "big + 1", "big * big", "n % 0", "n / 2",
], vars=VARS)

# ---------------------------------------------------------------- conditionals
exprs("conditional", [
    "true ? 1 : 2", "false ? 1 : 2", "1 < 2 ? \"yes\" : \"no\"", "true ? 1 : \"a\"", "false ? 1 : \"a\"",
    "true ? [1] : []", "true ? {a = 1} : {b = 2}", "true ? 1 : null", "null ? 1 : 2", "1 ? 1 : 2",
    "\"true\" ? 1 : 2", "true ? 1 : unknownvar", "false ? unknownvar : 2", "b ? n : 0", "z == null ? \"none\" : z",
    "true ? true ? 1 : 2 : 3", "false ? 1 : true ? 2 : 3", "true ? [1, 2] : [\"a\"]", "true ? l : ls",
    "true ? o : m", "true ?", "true ? 1", "n > 3 ? \"big\" : \"small\"", "true ? {a = 1} : {a = \"x\"}",
    "false ? [] : [1, \"a\"]",
], vars=VARS)

# ---------------------------------------------------------------- variables, traversals
exprs("traversal", [
    "n", "s", "l", "o", "o.name", "o.port", "o.tags", "o.tags[0]", "o.tags[1]", "o.tags[2]", "o[\"name\"]",
    "l[0]", "l[2]", "l[3]", "l[-1]", "l[1.5]", "l[\"1\"]", "l[\"x\"]", "l.0", "l.1", "m.x", "m[\"y\"]", "m.q",
    "m[\"q\"]", "o.nope", "o.nam", "nested.a.b.c[1]", "nested.a.b.c.0", "undefined", "nestd", "o.name.x",
    "n.x", "n[0]", "z.x", "z[0]", "s[0]", "l[null]", "m[null]", "objs[1].name", "objs[0][\"v\"]",
    "[1, 2, 3][1]", "{a = 1}.a", "{a = 1}[\"a\"]", "[\"a\", \"b\"][0]", "(o).name", "o.tags[n - 4]",
    "e[0]", "l[3 - 1]", "ls[0]", "o[\"port\"] + 1",
], vars=VARS)

# ---------------------------------------------------------------- splats
exprs("splat", [
    "objs[*].name", "objs.*.name", "objs[*].v", "objs[*]", "l[*]", "l.*", "o[*]", "o.*.name", "z[*]", "z.*",
    "n[*]", "[][*].x", "objs[*].nope", "nested.a[*].b", "[{a = [1, 2]}, {a = [3]}][*].a[0]",
    "[{a = {b = 1}}, {a = {b = 2}}][*].a.b", "[{a = {b = 1}}].*.a.b", "objs[*].name[0]", "objs.*.name[0]",
    "ls[*]", "m[*]", "[[1, 2], [3]][*][0]", "s[*]", "e[*].x", "tolist",
], vars=VARS)

# ---------------------------------------------------------------- for expressions
exprs("for", [
    "[for x in l: x * 2]", "[for i, x in l: i + x]", "[for x in ls: upper(x)]", "{for x in ls: x => x}",
    "{for k, v in m: k => v + 1}", "{for k, v in m: v => k}", "[for k, v in m: \"${k}=${v}\"]",
    "[for x in l: x if x > 1]", "{for x in ls: x => 1 if x != \"b\"}", "{for o in objs: o.name => o.v}",
    "{for x in [\"a\", \"a\", \"b\"]: x => x...}", "{for x in [\"a\", \"a\"]: x => x}",
    "[for x in []: x]", "{for x in []: x => x}", "[for x in o: x]", "[for k, v in o: k]", "[for x in n: x]",
    "[for x in z: x]", "[for x in l: y]", "[for x in l: x if x]", "[for x in l: x if \"x\"]",
    "{for x in l: x => x}", "{for x in l: [x] => x}", "[for x, y in l: x]", "[for x in l: [for y in l: x * y]]",
    "[for x in [3, 1, 2]: x]", "[for x in {b = 1, a = 2}: x]", "[for k, x in {b = 1, a = 2}: k]",
    "{for k, v in {a = 1}: k => v...}", "[for x in l: x...]", "[for x in l x]", "[for x l: x]",
    "[for x in l: x if x > 1 if x < 3]", "[for x in l:\n x\n]", "{for i, x in ls: i => x}",
    "[for i, x in ls: i]", "[for x in ls: x if length(x) > 0]", "{for x in objs: x.name => x}",
    "[for x in objs: x.v if x.name == \"b\"]", "[for x in null: x]",
], vars=VARS)

# ---------------------------------------------------------------- templates
exprs("templates", [
    '"${n}"', '"n=${n}"', '"${s} world"', '"${b}"', '"${f}"', '"${z}"', '"${l}"', '"${o}"', '"${1 + 2}"',
    '"a${"b"}c"', '"${"${"x"}"}"', '"%{if b}yes%{endif}"', '"%{if !b}yes%{else}no%{endif}"',
    '"%{for x in ls}${x},%{endfor}"', '"%{for i, x in ls}${i}:${x} %{endfor}"', '"%{if n > 3}big%{endif}"',
    '"  ${~ s ~}  "', '"a ~${s}"', '"x %{~ if true ~} y %{~ endif ~} z"', '"%{ for x in l ~} ${x} %{~ endfor }"',
    '"${true}"', '"${1.50}"', '"${0.1 + 0.2}"', '"${1/3}"', '"${big}"', '"${-0}"', '"%{if "x"}a%{endif}"',
    '"%{if 1}a%{endif}"', '"%{for x in n}a%{endfor}"', '"${unknownvar}"', '"${"a"}${"b"}"', '"$$${n}"',
    '"%%{if}"', '"${"\\u00e9"}"', '"e\\u0301${"\\u0301"}"', '"%{if true}a%{else}b"', '"%{endif}"',
    '"%{for x in l}"', '"${"', '"${n"', '"${}"', '"%{ if true }a%{ endif }"', '"%{else}"',
    '"%{if true}%{if false}a%{else}b%{endif}%{endif}"', '"${[for x in l: x]}"', '"${{a = 1}}"',
    '"${ls[0]}${ls[1]}"', '"pre${n}post${s}end"', '"%{for k, v in m}${k}=${v};%{endfor}"', '"\\${n}"',
], vars=VARS)

# ---------------------------------------------------------------- heredocs
HEREDOCS = [
    "<<EOT\nhello\nEOT", "<<EOT\nhello\nworld\nEOT", "<<-EOT\n    hello\n      world\n    EOT",
    "<<-EOT\n\thello\n\tEOT", "<<EOT\n${n} items\nEOT", "<<EOT\n%{for x in ls}${x}\n%{endfor}EOT",
    "<<-EOT\n  a\n\n  b\n  EOT", "<<EOT\nEOT", "<<EOT\n  indented\n  EOT", "<<-EOT\n  ${s}\n    x\n  EOT",
    "<<EOT\nno end\n", "<<-X\n  a\n X", "<<EOT\n$${literal}\nEOT", "<<EOT\n\"quotes\" and \\ backslash\nEOT",
    "<<EOT\n%{if b}yes%{endif}\nEOT", "<<-EOT\n  a\n\tb\n  EOT", "<<EOT\na\n  EOT", "<<EOT\n\u00e9\nEOT",
    "<<EOT\ntrailing spaces  \nEOT", "<<-EOT\n   x\n y\n EOT",
]
for i, h in enumerate(HEREDOCS):
    case("heredoc", "%03d" % i, ANY, "a = %s\n" % h, vars=VARS)

# ---------------------------------------------------------------- functions (spec-defined)
FUNCS = '''function "add" {
  params = [a, b]
  result = a + b
}
function "greet" {
  params = [name]
  result = "Hello, ${upper(name)}!"
}
function "sum" {
  params = []
  variadic_param = nums
  result = length(nums)
}
function "pick" {
  params = [m, k]
  result = m[k]
}
'''
FUNC_EXPRS = [
    "add(1, 2)", "add(1)", "add(1, 2, 3)", "add(\"1\", 2)", "add(\"x\", 2)", "greet(\"web\")", "greet(1)",
    "greet(null)", "sum()", "sum(1, 2, 3)", "sum(l...)", "pick({a = 1}, \"a\")", "pick({a = 1}, \"b\")",
    "nope(1)", "upper(\"x\")", "add(n, n)", "greet(s)", "add(l...)", "sum(n...)", "add(1, 2...)",
    "add(1,\n2)", "add(\n1,\n2,\n)", "add", "add()",
]
for i, e in enumerate(FUNC_EXPRS):
    case("functions", "%03d" % i, FUNCS + ANY, "a = %s\n" % e, vars=VARS)

# the 15 spec functions, in the spec file
SPEC_FUNCS = [
    "abs(-3)", "abs(2.5)", "abs(\"x\")", "coalesce(null, 1)", "coalesce(null, \"a\", 1)", "coalesce(null)",
    "coalesce()", "concat([1], [2, 3])", "concat([1], [\"a\"])", "concat()", "hasindex([1], 0)",
    "hasindex([1], 1)", "hasindex({a = 1}, \"a\")", "int(3.7)", "int(-3.7)", "int(\"x\")",
    "jsondecode(\"{\\\"a\\\":[1,true,null]}\")", "jsondecode(\"[\")", "jsonencode({a = [1, \"x\", null]})",
    "jsonencode(1.5)", "length([1, 2])", "length(\"h\\u00e9llo\")", "length({a = 1})", "length(1)",
    "lower(\"ABC\")", "upper(\"abc\\u00e9\")", "max(1, 5, 3)", "min(1, 5, 3)", "max()", "min(\"1\", 2)",
    "reverse([1, 2, 3])", "reverse(\"abc\")", "strlen(\"e\\u0301\")", "strlen(\"\")",
    "substr(\"hello\", 1, 3)", "substr(\"hello\", -3, -1)", "substr(\"hello\", 10, 1)", "substr(\"h\\u00e9llo\", 1, 1)",
    "upper(1)", "lower(null)",
]
for i, e in enumerate(SPEC_FUNCS):
    case("spec_functions", "%03d" % i, 'literal {\n  value = %s\n}\n' % e, "")

# ---------------------------------------------------------------- conversions (attr type)
CONV = [
    ("string", "1"), ("string", "true"), ("string", "1.50"), ("string", "[1]"), ("string", "null"),
    ("number", '"12"'), ("number", '"1e3"'), ("number", '"x"'), ("number", "true"), ("number", '" 1"'),
    ("bool", '"true"'), ("bool", '"false"'), ("bool", '"1"'), ("bool", '"0"'), ("bool", '"yes"'), ("bool", "1"),
    ("list(string)", "[1, 2]"), ("list(string)", "[1, [2]]"), ("list(number)", '["1", "x"]'), ("list(any)", "[1, \"a\"]"),
    ("list(any)", "[1, 2]"), ("set(string)", '["b", "a", "b"]'), ("set(number)", "[3, 1, 2, 1]"),
    ("set(bool)", "[true, false]"), ("map(string)", "{a = 1, b = true}"), ("map(number)", '{a = "x"}'),
    ("map(any)", "{a = 1, b = \"x\"}"), ("map(any)", "{a = 1, b = 2}"), ("object({a=string})", "{a = 1}"),
    ("object({a=string})", "{a = 1, b = 2}"), ("object({a=string, b=number})", "{a = 1}"),
    ("object({a=list(number)})", '{a = ["1", 2]}'), ("tuple([string, number])", '[1, "2"]'),
    ("tuple([string, number])", "[1]"), ("tuple([string])", "[1, 2]"), ("list(string)", "{a = 1}"),
    ("map(string)", "[1]"), ("list(list(string))", "[[1], [2, 3]]"), ("any", "[1, \"a\"]"), ("string", "{a = 1}"),
    ("list(string)", "null"), ("number", "null"), ("list(number)", "[1, null]"), ("set(string)", "[null]"),
    ("map(list(string))", "{a = [1], b = []}"), ("list(string)", "[]"), ("object({})", "{a = 1}"),
    ("list(object({a=number}))", "[{a = 1}, {a = \"2\"}]"), ("list(object({a=number}))", "[{a = 1}, {b = 2}]"),
    ("tuple([])", "[]"), ("number", '"0x1"'), ("number", '"-1.5e-3"'), ("string", "1e400"),
    ("set(list(number))", "[[1], [1], [2]]"), ("map(set(string))", '{a = ["x", "x"]}'),
]
for i, (ty, e) in enumerate(CONV):
    case("conversion", "%03d" % i, attr_spec(ty), "a = %s\n" % e)

# ---------------------------------------------------------------- structure (object spec, blocks)
OBJ = '''object {
  attr "name" {
    type = string
    required = true
  }
  attr "count" {
    type = number
  }
  block_list "rule" {
    object {
      attr "port" {
        type = number
        required = true
      }
      attr "proto" {
        type = string
      }
    }
  }
  block "meta" {
    attr {
      name = "owner"
      type = string
    }
  }
}
'''
STRUCT = [
    'name = "web"\n', 'name = "web"\ncount = 3\n', 'count = 3\n', 'name = "a"\nname = "b"\n',
    'name = "web"\nrule {\n  port = 80\n}\nrule {\n  port = 443\n  proto = "tcp"\n}\n',
    'name = "web"\nrule {\n  proto = "tcp"\n}\n', 'name = "web"\nrule { port = 80 }\n',
    'name = "web"\nrule { port = 80, proto = "x" }\n', 'name = "web"\nrule { port = 80\n proto = "x" }\n',
    'name = "web"\nmeta {\n  owner = "me"\n}\n', 'name = "web"\nmeta {\n  owner = "me"\n}\nmeta {\n  owner = "you"\n}\n',
    'name = "web"\nunknown = 1\n', 'name = "web"\nnme = 1\n', 'name = "web"\nrules {\n}\n', 'name = "web"\nrule "x" {\n  port = 1\n}\n',
    'name = "web"\nmeta {}\n', 'name = "web"\nrule {}\n', 'name = "web"\ncount = "x"\n', 'name = 1\n',
    'name = "web" # comment\n', 'name = "web" // comment\n', '/* c */ name = "web"\n', 'name = /* c */ "web"\n',
    '# only\nname = "web"\n', 'name = "web"\n\n\n', '\ufeffname = "web"\n', 'name\t=\t"web"\n', 'name = "web"',
    'name = "web"\r\ncount = 1\r\n', 'name = "web" count = 1\n', 'name = "web"\n}\n', 'name = "web"\nrule {\n',
    'name = "web"\nrule {\n  port = 80\n', '= 1\n', 'name "web"\n', 'name = "web"\nrule\n{\n  port = 1\n}\n',
    'name = "web"\nrule { port = 80 } x\n', 'name = "web"\nrule {\n  port = 80 }\n', 'name = "web"\nrule { port = 80\n}\n',
    '"name" = "web"\n', 'name = "web"\nmeta { owner = "x" }\n', 'name = "web"\nmeta {\n  owner = "x"\n  other = 1\n}\n',
    'name = "a"\nname2 = "b"\n', 'name = "\u00e9"\n', 'n\u00e4me = 1\nname = "x"\n', 'name-x = 1\nname = "x"\n',
    'name = "web"\nrule {\n  port = 80\n  port = 81\n}\n', '1name = 2\n', 'name = "web"\nmeta "lbl" {\n}\n',
    'name = "web"\nrule {\n  port = [for x in [1]: x][0]\n}\n', 'name = "x"\ncount = 1 +\n', 'name = "x"\x00\n',
]
for i, text in enumerate(STRUCT):
    case("structure", "%03d" % i, OBJ, text)

# ---------------------------------------------------------------- spec types
SPECS = [
    # block_list min/max
    ('block_list {\n  block_type = "b"\n  min_items = 1\n  max_items = 2\n  attr {\n    name = "v"\n    type = number\n  }\n}\n',
     ["", 'b {\n  v = 1\n}\n', 'b {\n  v = 1\n}\nb {\n  v = 2\n}\n', 'b {\n  v = 1\n}\nb {\n  v = 2\n}\nb {\n  v = 3\n}\n', 'b {}\n']),
    # block_set
    ('block_set {\n  block_type = "b"\n  attr {\n    name = "v"\n    type = string\n  }\n}\n',
     ["", 'b {\n  v = "x"\n}\nb {\n  v = "x"\n}\nb {\n  v = "a"\n}\n', 'b {\n  v = 1\n}\n']),
    # block_map
    ('block_map {\n  block_type = "svc"\n  labels = ["name"]\n  attr {\n    name = "port"\n    type = number\n  }\n}\n',
     ["", 'svc "a" {\n  port = 1\n}\nsvc "b" {\n  port = 2\n}\n', 'svc "a" {\n  port = 1\n}\nsvc "a" {\n  port = 2\n}\n',
      'svc {\n  port = 1\n}\n', 'svc "a" "b" {\n  port = 1\n}\n', 'svc a {\n  port = 1\n}\n']),
    ('block_map {\n  block_type = "r"\n  labels = ["type", "name"]\n  attr {\n    name = "v"\n    type = any\n  }\n}\n',
     ['r "t" "n" {\n  v = 1\n}\nr "t" "m" {\n  v = 2\n}\nr "u" "n" {\n  v = [1]\n}\n', 'r "t" {\n  v = 1\n}\n', '']),
    # block required
    ('block {\n  block_type = "b"\n  required = true\n  attr {\n    name = "v"\n    type = any\n  }\n}\n',
     ["", 'b {\n  v = 1\n}\n', 'b {\n}\n']),
    ('block {\n  block_type = "b"\n  attr {\n    name = "v"\n    type = any\n  }\n}\n', ["", 'b {\n  v = "x"\n}\n']),
    # literal
    ('literal {\n  value = "fixed"\n}\n', ["", 'x = 1\n']),
    ('literal {\n  value = [1, {a = true}]\n}\n', [""]),
    ('literal {\n  value = null\n}\n', [""]),
    # default
    ('default {\n  attr {\n    name = "a"\n    type = number\n  }\n  literal {\n    value = 42\n  }\n}\n', ["", 'a = 1\n', 'a = null\n', 'a = "x"\n']),
    # transform
    ('transform {\n  attr {\n    name = "a"\n    type = string\n  }\n  result = upper(nested)\n}\n', ['a = "x"\n', 'a = 1\n', '']),
    ('transform {\n  attr {\n    name = "a"\n    type = list(number)\n  }\n  result = length(nested)\n}\n', ['a = [1, 2]\n', '']),
    # array
    ('array {\n  attr {\n    name = "a"\n    type = number\n  }\n  attr {\n    name = "b"\n    type = string\n  }\n}\n',
     ['a = 1\nb = "x"\n', 'a = 1\n', '', 'c = 1\n']),
    # attr required
    ('attr {\n  name = "a"\n  type = string\n  required = true\n}\n', ["", 'a = "x"\n', 'b = 1\n']),
    # nested blocks
    ('object {\n  block "outer" {\n    object {\n      attr "x" {\n        type = number\n      }\n      block_list "inner" {\n        attr {\n          name = "y"\n          type = string\n        }\n      }\n    }\n  }\n}\n',
     ['outer {\n  x = 1\n  inner {\n    y = "a"\n  }\n  inner {\n    y = "b"\n  }\n}\n', 'outer {\n  inner {\n    z = 1\n  }\n}\n', '']),
    # block_list of objects with labels via block_map inside object
    ('object {\n  block_map "svc" {\n    labels = ["name"]\n    object {\n      attr "image" {\n        type = string\n        required = true\n      }\n      attr "replicas" {\n        type = number\n      }\n    }\n  }\n}\n',
     ['svc "web" {\n  image = "nginx"\n  replicas = 2\n}\nsvc "db" {\n  image = "pg"\n}\n', 'svc "web" {\n  replicas = 2\n}\n']),
    # object with any attributes
    ('object {\n  attr "a" {\n    type = any\n  }\n  attr "b" {\n    type = any\n  }\n}\n', ['a = 1\nb = "x"\n', 'a = [1]\n', 'a = {x = 1}\nb = null\n']),
    # block_list with typed attr any: dynamic
    ('block_list {\n  block_type = "b"\n  attr {\n    name = "v"\n    type = any\n  }\n}\n', ['b {\n  v = 1\n}\nb {\n  v = "x"\n}\n', 'b {\n  v = [1]\n}\nb {\n  v = [2, 3]\n}\n']),
    # spec errors
    ('nonsense {\n}\n', [""]),
    ('attr {\n  type = string\n}\n', [""]),
    ('attr {\n  name = "a"\n  type = strin\n}\n', ['a = 1\n']),
    ('object {\n  attr {\n    type = string\n  }\n}\n', ['a = 1\n']),
    ('attr {\n  name = "a"\n}\nattr {\n  name = "b"\n}\n', [""]),
    ('', [""]),
    ('block_map {\n  block_type = "b"\n  attr {\n    name = "v"\n  }\n}\n', ['b {\n  v = 1\n}\n']),
    ('attr "x" {\n  name = "a"\n  type = any\n}\n', ['a = 1\n']),
]
n = 0
for spec, inputs in SPECS:
    for text in inputs:
        case("spec_types", "%03d" % n, spec, text)
        n += 1

# ---------------------------------------------------------------- variables file forms
VARCASES = [
    ("n + 1", {"n": 1}), ("s", {"s": "x"}), ("l[1]", {"l": [1, 2]}), ("o.a.b", {"o": {"a": {"b": True}}}),
    ("x", {}), ("z", {"z": None}), ("[for k, v in m: k]", {"m": {"b": 1, "a": 2}}), ("big", {"big": 1.5e300}),
    ("upper", {"upper": "x"}), ("v", {"v": [1, "a", None]}),
]
for i, (e, v) in enumerate(VARCASES):
    case("variables", "%03d" % i, ANY, "a = %s\n" % e, vars=v)

# ---------------------------------------------------------------- output flags
FLAGCASES = [
    (["--keep-nulls"], 'object {\n  attr "a" {\n    type = any\n  }\n  attr "b" {\n    type = string\n  }\n}\n', "a = null\n"),
    ([], 'object {\n  attr "a" {\n    type = any\n  }\n  attr "b" {\n    type = string\n  }\n}\n', "a = null\n"),
    (["--keep-nulls"], ANY, "a = {x = null, y = [null]}\n"),
    ([], ANY, "a = {x = null, y = [null]}\n"),
    (["--var-refs"], 'object {\n  attr "a" {\n    type = any\n  }\n  attr "b" {\n    type = any\n  }\n}\n', "a = foo.bar[0]\nb = \"${x} ${y.z}\"\n"),
    (["--var-refs"], ANY, "a = [for x in l: x + y]\n"),
]
for i, (flags, spec, text) in enumerate(FLAGCASES):
    case("flags", "%03d" % i, spec, text, flags=flags)

# ---------------------------------------------------------------- JSON inputs
JSON_EXPR = [
    '{"a": 1}', '{"a": "x"}', '{"a": "${1 + 2}"}', '{"a": "${n}"}', '{"a": [1, "x", true, null]}', '{"a": {"b": 1}}',
    '{"a": 1.5e3}', '{"a": 123456789012345678901234567890}', '{"a": "%{if true}y%{endif}"}', '{"a": "${"}', '{}',
    '{"a": 1, "a": 2}', '{"a": 1,}', '{"a" 1}', '[1]', '{"b": 1}', '{"//": "comment", "a": 1}', '{"a": "\\u00e9"}',
    '{"a": "$${x}"}', '{"a": null}', '', '{"a": [1, 2', '{"a": tru}', '{"a": "${upper(s)}"}', '{"a": {"${s}": 1}}',
]
for i, j in enumerate(JSON_EXPR):
    case("json", "%03d" % i, ANY, j + "\n", vars=VARS, json_input=True)
n = len(JSON_EXPR)
for text in [
    '{"name": "web", "rule": [{"port": 80}, {"port": 443, "proto": "tcp"}], "meta": {"owner": "me"}}',
    '{"name": "web", "rule": {"port": 80}}', '{"name": "web", "rule": {"proto": "x"}}', '{"count": 1}',
    '{"name": "web", "nme": 1}', '{"name": "web", "meta": [{"owner": "a"}, {"owner": "b"}]}',
    '{"name": ["x"]}', '{"name": "${upper(\\"x\\")}"}',
]:
    case("json", "%03d" % n, OBJ, text + "\n", json_input=True)
    n += 1
for text in ['{"svc": {"web": {"port": 1}, "db": {"port": 2}}}', '{"svc": {"web": [{"port": 1}]}}', '{"svc": [{"web": {"port": 1}}]}', '{"svc": {"port": 1}}']:
    case("json", "%03d" % n, 'block_map {\n  block_type = "svc"\n  labels = ["name"]\n  attr {\n    name = "port"\n    type = number\n  }\n}\n', text + "\n", json_input=True)
    n += 1

# ---------------------------------------------------------------- more operators (appended)
exprs("operators", [
    "1 <= 2", "2 <= 1", "1.5 <= 1.5", '"1" <= 2', "n <= 5", "null <= 1", "true <= false", '"a" <= "b"',
    "3 >= 3", "1 >= 2", "n >= f", '"a" >= 1', "2 >= null", "-1 >= -1.5", "big >= n",
    "1 != 2", '"a" != "b"', "[1] != [1]", "null != null", "n != 5", "{a = 1} != {a = 2}", '1 != "1"', "z != null",
    "l != ls", "true || false", "false || false || true", "b || false", "null || true", "1 || true", "true || null",
    "false || !b", 'n > 10 || s == "hello"', "true || unknownvar", "(1 < 2) || (2 < 1)", "true || 1 <= 2 && false",
    '"true" || false',
], vars=VARS, start=N_OPERATORS)  # numbered after the first table, whose cases keep theirs


def spec_cases(group, table):
    """Cases from (spec, inputs): an input is HCL text, or a dict with `input` and optionally
    `json` (a JSON input), `vars` and `flags`."""
    n = 0
    for spec, inputs in table:
        for inp in inputs:
            if isinstance(inp, str):
                inp = {"input": inp}
            case(group, "%03d" % n, spec, inp["input"], vars=inp.get("vars"),
                 json_input=inp.get("json", False), flags=inp.get("flags"))
            n += 1


def J(text, **kw):
    return dict(input=text + "\n", json=True, **kw)


LIT1 = 'literal {\n  value = 1\n}\n'


def ind(text, indent):
    """`text` (lines ending in newlines) indented by `indent`."""
    return "".join(indent + line for line in text.splitlines(True))

# ---------------------------------------------------------------- spec file diagnostics
# (`block_attrs`, which the reference rejects, is left out: see the README)
spec_cases("spec_errors", [
    ('transform {\n  result = 1\n}\n', [""]),
    ('transform {\n  result = nested\n  literal {\n    value = 1\n  }\n  literal {\n    value = 2\n  }\n}\n', [""]),
    ('transform {\n  result = nested\n  bogus = 1\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('default {\n}\n', [""]),
    ('object {\n  default "d" {\n  }\n}\n', [""]),
    ('block {\n  block_type = "b"\n}\n', ['b {}\n']),
    ('block {\n  block_type = "b"\n  literal {\n    value = 1\n  }\n  literal {\n    value = 2\n  }\n}\n', ['b {}\n']),
    ('block_list {\n  block_type = "b"\n}\n', [""]),
    ('block_map {\n  block_type = "b"\n  labels = ["x"]\n  attr {\n    name = "v"\n    type = number\n  }\n  attr {\n    name = "w"\n    type = number\n  }\n}\n', [""]),
    ('literal {\n}\n', [""]),
    ('literal {\n  value = 1\n  other = 2\n}\n', [""]),
    ('literal {\n  value = nope\n}\n', [""]),
    ('block_list {\n  block_type = "b"\n  min_items = 1.5\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('block_list {\n  block_type = "b"\n  min_items = "x"\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('block_set {\n  block_type = "b"\n  max_items = 0.5\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('block_set {\n  block_type = "b"\n  max_items = "2"\n' + ind(LIT1, "  ") + '}\n', ['b {}\nb {}\nb {}\n']),
    ('block_map {\n  block_type = "b"\n  labels = []\n  attr {\n    name = "v"\n    type = number\n  }\n}\n', [""]),
    ('block_map {\n  block_type = "b"\n  labels = null\n  attr {\n    name = "v"\n    type = number\n  }\n}\n', [""]),
    ('block_map {\n  block_type = "b"\n  labels = ["a", null]\n  attr {\n    name = "v"\n    type = number\n  }\n}\n', [""]),
    ('block_map {\n  block_type = "b"\n  labels = "a"\n  attr {\n    name = "v"\n    type = number\n  }\n}\n', ['b "x" {\n  v = 1\n}\n']),
    ('block_set {\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('block_map {\n  labels = ["a"]\n' + ind(LIT1, "  ") + '}\n', [""]),
    ('array {\n  block_list {\n' + ind(LIT1, "    ") + '  }\n}\n', [""]),
    ('function "f" {\n  params = [a, "b"]\n  result = 1\n}\n' + LIT1, [""]),
    ('function "f" {\n  params = []\n  variadic_param = "x"\n  result = 1\n}\n' + LIT1, [""]),
    ('function {\n  params = []\n  result = 1\n}\n' + LIT1, [""]),
    ('function "f" {\n  params = []\n}\n' + LIT1, [""]),
    ('function "f" {\n  result = 1\n}\n' + LIT1, [""]),
    ('function "f" {\n  params = a\n  result = 1\n}\n' + LIT1, [""]),
    ('function "f" {\n  params = []\n  result = 1\n  other = 2\n}\n' + LIT1, [""]),
    ('function "f" "g" {\n  params = []\n  result = 1\n}\n' + LIT1, [""]),
    ('function "f" {\n  params = [a.b]\n  result = 1\n}\n' + LIT1, [""]),
    # a root `block` without block_type asks for blocks of type "" (accepted, as the reference does)
    ('block {\n  attr {\n    name = "v"\n    type = number\n  }\n}\n',
     ["", 'b {\n  v = 1\n}\n', 'a = 1\n', J('{"": {"v": 1}}'), J('{"": [{"v": 1}, {"v": 2}]}'), J('{"b": {"v": 1}}')]),
    ('array {\n  block {\n' + ind(LIT1, "    ") + '  }\n  block {\n    block_type = "c"\n' + ind(LIT1, "    ") + '  }\n}\n',
     ['c {}\n', 'd {}\n']),
])

# ---------------------------------------------------------------- spec file variables
ANY_A = ANY
spec_cases("spec_variables", [
    (ANY_A + 'variables {\n  x = 1\n}\n', ['a = x + 1\n', 'a = y\n', {"input": 'a = x\n', "vars": {"x": "from vars"}}]),
    ('variables {\n  x = "a"\n  y = [1, 2]\n}\n' + ANY_A, ['a = [x, y[1]]\n', 'a = [for v in y: "${x}${v}"]\n', J('{"a": "${x}-${y[0]}"}')]),
    (ANY_A + 'variables {\n  x = 1\n}\nvariables {\n  y = 2\n}\n', ['a = x + y\n']),
    (ANY_A + 'variables {\n  x = 1\n}\nvariables {\n  x = 2\n}\n', ['a = x\n']),
    (ANY_A + 'variables {\n  x = upper("a")\n  y = jsonencode({k = [1, true]})\n}\n', ['a = [x, y]\n']),
    (ANY_A + 'variables {\n  x = 1\n  y = x\n}\n', ['a = 1\n']),
    (ANY_A + 'variables {\n  x = {name = "web", ports = [80, 443]}\n  z = null\n}\n', ['a = x.ports[1]\n', 'a = z\n', 'a = x.nope\n']),
    (ANY_A + 'variables "v" {\n  x = 1\n}\n', ['a = 1\n']),
    (ANY_A + 'variables {\n  x = 1\n  inner {\n  }\n}\n', ['a = 1\n']),
    (ANY_A + 'variables {\n}\n', ['a = 1\n', 'a = x\n']),
    (ANY_A + 'variables {\n  upper = "shadow"\n}\n', ['a = upper\n', 'a = upper("x")\n']),
    ('function "f" {\n  params = []\n  result = x\n}\nvariables {\n  x = 1\n}\n' + ANY_A, ['a = f()\n', 'a = x\n']),
    ('object {\n  attr "a" {\n    type = any\n  }\n  attr "b" {\n    type = any\n  }\n}\nvariables {\n  k = "v"\n}\n',
     [{"input": 'a = k\nb = "${k}${m}"\n', "flags": ["--var-refs"]}]),
])

# ---------------------------------------------------------------- block_set
BSET_OBJ = 'block_set {\n  block_type = "b"\n  object {\n    attr "n" {\n      type = string\n    }\n    attr "p" {\n      type = number\n    }\n  }\n}\n'
BSET_ANY = 'block_set {\n  block_type = "b"\n  min_items = 1\n  max_items = 2\n  attr {\n    name = "v"\n    type = any\n  }\n}\n'
spec_cases("block_set", [
    (BSET_OBJ, ['b {\n  n = "x"\n  p = 1\n}\nb {\n  n = "x"\n  p = 1\n}\nb {\n  n = "y"\n}\n', 'b "l" {\n}\n', 'b {\n  q = 1\n}\n', 'b {\n  p = "x"\n}\n',
                J('{"b": [{"n": "x", "p": 1}, {"n": "x", "p": 1}, {"n": "y", "p": 2}]}'), J('{"b": {"n": "x"}}'), J('{"b": []}'),
                J('{"b": [{"n": "x"}, {"p": "nope"}]}'), J('{"b": {"n": ["x"]}}'), J('{"c": {}}')]),
    (BSET_ANY, ["", 'b {\n  v = 1\n}\n', 'b {\n  v = 1\n}\nb {\n  v = "1"\n}\n', 'b {\n  v = 1\n}\nb {\n  v = [1]\n}\n', 'b {\n  v = 1\n}\nb {\n  v = 2\n}\nb {\n  v = 3\n}\n',
                J('{"b": [{"v": 1}, {"v": "a"}]}'), J('{"b": [{"v": [1]}, {"v": {"x": 1}}]}'), J('{"b": [{"v": 1}, {"v": 2}, {"v": 1}]}')]),
    ('object {\n  block_set "s" {\n' + ind(LIT1, "    ") + '  }\n  block_list "l" {\n    block_type = "s"\n' + ind(LIT1, "    ") + '  }\n}\n',
     ['s {}\ns {}\n', J('{"s": [{}, {}, {}]}')]),
    ('block_set {\n  block_type = "b"\n  block_set {\n    block_type = "c"\n    attr {\n      name = "v"\n      type = number\n    }\n  }\n}\n',
     ['b {\n  c {\n    v = 1\n  }\n  c {\n    v = 1\n  }\n}\nb {\n  c {\n    v = 2\n  }\n}\n', J('{"b": [{"c": [{"v": 1}, {"v": 2}]}, {"c": {"v": 1}}]}')]),
])

# ---------------------------------------------------------------- default
def attr_block(name, ty, indent="  "):
    return ('attr {\n  name = "%s"\n  type = %s\n}\n' % (name, ty)).replace("\n", "\n" + indent)[:-len(indent)]


spec_cases("default", [
    ('default {\n  ' + attr_block("a", "number") + '  ' + attr_block("b", "number") + '}\n',
     ["", 'a = 1\n', 'b = 2\n', 'a = 1\nb = 2\n', 'a = null\nb = 3\n', 'a = "x"\nb = 1\n', J('{"b": 4}'), 'c = 1\n']),
    ('default {\n  ' + attr_block("a", "string") + '  ' + attr_block("b", "string") + '  literal {\n    value = "fallback"\n  }\n}\n',
     ["", 'b = "two"\n', 'a = 1\n']),
    ('default {\n  literal {\n    value = "always"\n  }\n  ' + attr_block("a", "string") + '}\n', ['a = "x"\n']),
    ('default {\n  block {\n    block_type = "b"\n    ' + attr_block("v", "number", "    ") + '  }\n  literal {\n    value = 0\n  }\n}\n',
     ["", 'b {\n  v = 5\n}\n', 'b {\n}\n', 'b {\n  v = 1\n}\nb {\n  v = 2\n}\n']),
    ('object {\n  default "port" {\n    ' + attr_block("port", "number", "    ") + '    literal {\n      value = 80\n    }\n  }\n  attr "host" {\n    type = string\n  }\n}\n',
     ['host = "x"\n', 'host = "x"\nport = 8080\n', J('{"port": "443"}')]),
])

# ---------------------------------------------------------------- transform
spec_cases("transform", [
    ('transform {\n  object {\n    attr "a" {\n      type = number\n    }\n    attr "b" {\n      type = number\n    }\n  }\n  result = nested.a + nested.b\n}\n',
     ['a = 1\nb = 2\n', 'a = 1\n', 'a = "x"\nb = 1\n']),
    ('transform {\n  ' + attr_block("a", "any") + '  result = jsonencode(nested)\n}\n', ['a = {x = [1, "y", null]}\n', '', J('{"a": [true]}')]),
    ('transform {\n  ' + attr_block("a", "any") + '  result = nested == null ? "none" : nested\n}\n', ['', 'a = "set"\n']),
    ('transform {\n  ' + attr_block("a", "any") + '  result = nested + unknownvar\n}\n', ['a = 1\n']),
    ('transform {\n  ' + attr_block("a", "any") + '  result = nested + 1\n}\n', ['a = "x"\n', 'a = 1\n']),
    ('transform {\n  block_list {\n    block_type = "b"\n    ' + attr_block("v", "string", "    ") + '  }\n  result = [for v in nested: upper(v)]\n}\n',
     ['b {\n  v = "x"\n}\nb {\n  v = "y"\n}\n', '']),
    ('transform {\n  transform {\n    ' + attr_block("a", "number", "    ") + '    result = nested * 2\n  }\n  result = nested + 1\n}\n', ['a = 5\n']),
    ('object {\n  transform "t" {\n    ' + attr_block("a", "string", "    ") + '    result = length(nested)\n  }\n  attr "a" {\n    type = string\n  }\n}\n',
     ['a = "hello"\n']),
    ('transform {\n  ' + attr_block("a", "any") + '}\n', ['a = 1\n']),
])

# ---------------------------------------------------------------- array
spec_cases("array", [
    ('array {\n  ' + attr_block("a", "number") + '  literal {\n    value = "lit"\n  }\n  block {\n    block_type = "b"\n    ' + attr_block("v", "string", "    ") + '  }\n}\n',
     ['a = 1\nb {\n  v = "x"\n}\n', '', 'a = "x"\n', J('{"a": 2, "b": {"v": "y"}}')]),
    ('array {\n}\n', ['', 'a = 1\n']),
    ('object {\n  array "pair" {\n    ' + attr_block("x", "number", "    ") + '    ' + attr_block("y", "number", "    ") + '  }\n}\n', ['x = 1\ny = 2\n', 'x = 1\nz = 3\n']),
    ('array {\n  array {\n    ' + attr_block("a", "any", "    ") + '  }\n  ' + attr_block("a", "string") + '}\n', ['a = 1\n']),
    ('array {\n  block_list {\n    block_type = "b"\n    ' + attr_block("v", "number", "    ") + '  }\n  block_map {\n    block_type = "m"\n    labels = ["k"]\n    ' + attr_block("v", "number", "    ") + '  }\n}\n',
     ['b {\n  v = 1\n}\nm "x" {\n  v = 2\n}\n', J('{"b": [{"v": 1}], "m": {"x": {"v": 2}}}')]),
])

print("generated %d cases, %d of them new or changed (record them: record.py --missing)"
      % (len(written), len(changed)))
for d in changed:
    print("  " + os.path.relpath(d, HERE))
