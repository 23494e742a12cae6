#!/usr/bin/env python3
"""gencalls.py [-n N] [-s SEED] [FUNC...]: random calls of Terraform's own and shadowed
functions (and the cty ones around them), one HCL expression a line, for comparing hclkit
with Terraform v1.0.3 (oracle/terraform/conformance.sh runs both and compare.py diffs them).

Arguments are random values of varied types: numbers (integers, fractions, negatives, big),
strings (empty, slashes, regex-looking, non-ASCII, numeric and boolean text), bools, nulls,
lists, sets, maps, tuples and objects of those, nested; with a bias towards the types each
function wants, so that most calls get past argument conversion. The seed is printed on
standard error; the same seed gives the same calls."""
import random, sys

args = sys.argv[1:]
n, seed = 300, random.randrange(1 << 30)
while args and args[0] in ("-n", "-s"):
    if args[0] == "-n":
        n = int(args[1])
    else:
        seed = int(args[1])
    args = args[2:]
print(f"gencalls seed {seed}", file=sys.stderr)
rng = random.Random(seed)

STRINGS = ["", "a", "b", "abc", "a,b", "hello world", "/", "//", "/a/", "/(l+)/", "/[/", "/^/", "x/y/",
           "héllo", "e\u0301", "1", "2", "1.5", "-3", "true", "false", "null", " a ", "a\nb", "$1", "${a}",
           "A_b-c", "%s", "%d", "..", "/./"]


def hstr(s):
    out = '"'
    for c in s:
        if c == '"':
            out += '\\"'
        elif c == "\\":
            out += "\\\\"
        elif c == "\n":
            out += "\\n"
        else:
            out += c
    out += '"'
    # A "${" or "%{" would start an interpolation or directive: escape it.
    return out.replace("${", "$${").replace("%{", "%%{")


def prim(kind=None):
    kind = kind or rng.choice(["num", "str", "str", "bool", "null"])
    if kind == "num":
        return rng.choice(["0", "1", "2", "3", "-1", "1.5", "0.1", "-2.25", "10", "1e3", "100000000000000000000", str(rng.randint(-50, 50))])
    if kind == "str":
        return hstr(rng.choice(STRINGS))
    if kind == "bool":
        return rng.choice(["true", "false"])
    return "null"


def value(depth=0, kind=None):
    kinds = ["prim"] * 3 + (["tuple", "list", "set", "object", "map"] if depth < 2 else [])
    k = kind or rng.choice(kinds)
    if k == "prim":
        return prim()
    size = rng.choice([0, 1, 1, 2, 2, 3])
    if k in ("num", "str", "bool", "null"):
        return prim(k)
    if k in ("tuple", "list", "set"):
        if rng.random() < 0.6:  # homogeneous elements, often
            ek = rng.choice(["num", "str", "bool"])
            elems = [prim(ek) for _ in range(size)]
        else:
            elems = [value(depth + 1) for _ in range(size)]
        t = "[" + ", ".join(elems) + "]"
        return {"tuple": t, "list": f"tolist({t})", "set": f"toset({t})"}[k]
    keys = rng.sample(["a", "b", "c", "d", "x"], size)
    if rng.random() < 0.6:
        ek = rng.choice(["num", "str", "bool"])
        attrs = [f"{key} = {prim(ek)}" for key in keys]
    else:
        attrs = [f"{key} = {value(depth + 1)}" for key in keys]
    o = "{" + ", ".join(attrs) + "}"
    return o if k == "object" else f"tomap({o})"


def strs(size=None):
    size = rng.choice([0, 1, 2, 3]) if size is None else size
    return "[" + ", ".join(hstr(rng.choice(STRINGS[:8])) for _ in range(size)) + "]"


def numlist():
    return "[" + ", ".join(prim(rng.choice(["num", "num", "num", "str", "null"])) for _ in range(rng.choice([0, 1, 2, 3]))) + "]"


def boollist():
    return "[" + ", ".join(rng.choice(["true", "false", "null", '"true"', '"false"', "1"]) for _ in range(rng.choice([0, 1, 2, 3]))) + "]"


def anyv():
    return value()


def key():
    return rng.choice([hstr(rng.choice(["a", "b", "c", "x", ""])), "1", "null", "true"])


def lmap():
    keys = rng.sample(["a", "b", "c"], rng.choice([0, 1, 2, 3]))
    return "{" + ", ".join(f"{k} = {strs()}" for k in keys) + "}"


GENS = {
    "index": lambda: f"index({rng.choice([strs(), numlist(), anyv()])}, {rng.choice([prim(), hstr(rng.choice(STRINGS[:8])), anyv()])})",
    "length": lambda: f"length({anyv()})",
    "lookup": lambda: f"lookup({rng.choice([value(kind='object'), value(kind='map'), anyv()])}, {key()}" + rng.choice(["", ", " + anyv(), ", " + prim()]) + ")",
    "coalesce": lambda: "coalesce(" + ", ".join(rng.choice([prim(), prim(), '""', anyv()]) for _ in range(rng.choice([1, 2, 3]))) + ")",
    "replace": lambda: f"replace({hstr(rng.choice(STRINGS))}, {hstr(rng.choice(STRINGS))}, {hstr(rng.choice(STRINGS))})",
    "sum": lambda: f"sum({rng.choice([numlist(), numlist(), anyv()])})",
    "transpose": lambda: f"transpose({rng.choice([lmap(), lmap(), anyv()])})",
    "matchkeys": lambda: f"matchkeys({rng.choice([strs(), numlist()])}, {rng.choice([strs(), numlist()])}, {rng.choice([strs(), numlist(), anyv()])})",
    "one": lambda: f"one({rng.choice([strs(rng.choice([0, 1, 1, 2])), anyv()])})",
    "alltrue": lambda: f"alltrue({rng.choice([boollist(), anyv()])})",
    "anytrue": lambda: f"anytrue({rng.choice([boollist(), anyv()])})",
    "values": lambda: f"values({rng.choice([value(kind='object'), value(kind='map'), anyv()])})",
    "keys": lambda: f"keys({rng.choice([value(kind='object'), value(kind='map'), anyv()])})",
    "tostring": lambda: f"tostring({anyv()})",
    "tonumber": lambda: f"tonumber({rng.choice([prim(), hstr(rng.choice(['1', '1.5', '-3', 'x', '1e3', ' 1', '0x1']))])})",
    "tobool": lambda: f"tobool({anyv()})",
    "tolist": lambda: f"tolist({anyv()})",
    "toset": lambda: f"toset({anyv()})",
    "tomap": lambda: f"tomap({anyv()})",
    "element": lambda: f"element({rng.choice([strs(), anyv()])}, {prim('num')})",
    "flatten": lambda: f"flatten({anyv()})",
    "merge": lambda: "merge(" + ", ".join(rng.choice([value(kind='object'), value(kind='map'), anyv()]) for _ in range(rng.choice([0, 1, 2, 3]))) + ")",
    "join": lambda: f"join({hstr(rng.choice([',', '', '-']))}, {rng.choice([strs(), numlist(), anyv()])})",
    "split": lambda: f"split({hstr(rng.choice([',', '', 'a', '/']))}, {hstr(rng.choice(STRINGS))})",
    "substr": lambda: f"substr({hstr(rng.choice(STRINGS))}, {prim('num')}, {prim('num')})",
    "title": lambda: f"title({hstr(rng.choice(STRINGS))})",
    "trim": lambda: f"trim({hstr(rng.choice(STRINGS))}, {hstr(rng.choice(['a', ' ', '/', 'ab', '']))})",
    "format": lambda: f"format({hstr(rng.choice(['%s', '%d', '%v', '%q', '%5.1f', '%#v', '%t', '%s-%s']))}, {anyv()})",
    "range": lambda: "range(" + ", ".join(prim("num") for _ in range(rng.choice([1, 2, 3]))) + ")",
    "distinct": lambda: f"distinct({rng.choice([strs(), numlist(), anyv()])})",
    "compact": lambda: f"compact({rng.choice([strs(), anyv()])})",
    "concat": lambda: "concat(" + ", ".join(rng.choice([strs(), numlist(), anyv()]) for _ in range(rng.choice([1, 2]))) + ")",
    "contains": lambda: f"contains({rng.choice([strs(), numlist(), anyv()])}, {prim()})",
    "reverse": lambda: f"reverse({rng.choice([strs(), anyv()])})",
    "sort": lambda: f"sort({rng.choice([strs(), numlist(), anyv()])})",
    "zipmap": lambda: f"zipmap({strs()}, {rng.choice([strs(), numlist(), anyv()])})",
    "chunklist": lambda: f"chunklist({rng.choice([strs(), numlist()])}, {prim('num')})",
    "coalescelist": lambda: "coalescelist(" + ", ".join(rng.choice([strs(), '[]', anyv()]) for _ in range(rng.choice([1, 2]))) + ")",
    "setproduct": lambda: "setproduct(" + ", ".join(rng.choice([strs(), numlist()]) for _ in range(rng.choice([1, 2]))) + ")",
    "slice": lambda: f"slice({rng.choice([strs(), numlist()])}, {prim('num')}, {prim('num')})",
    # Terraform's own functions of issue-20a's modules (encodings, hashes, CIDR, time).
    "base64encode": lambda: f"base64encode({hstr(rng.choice(STRINGS))})",
    "base64decode": lambda: f"base64decode({hstr(rng.choice(['YQ==', 'YWJj', 'YQ', '', '!!', 'w6k=', '/w==', 'YW Jj']))})",
    "md5": lambda: f"md5({hstr(rng.choice(STRINGS))})",
    "sha256": lambda: f"sha256({hstr(rng.choice(STRINGS))})",
    "base64sha512": lambda: f"base64sha512({hstr(rng.choice(STRINGS))})",
    "urlencode": lambda: f"urlencode({hstr(rng.choice(STRINGS))})",
    "cidrhost": lambda: f"cidrhost({hstr(rng.choice(CIDRS))}, {prim('num')})",
    "cidrnetmask": lambda: f"cidrnetmask({hstr(rng.choice(CIDRS))})",
    "cidrsubnet": lambda: f"cidrsubnet({hstr(rng.choice(CIDRS))}, {rng.choice(['0', '1', '4', '8', '24', '-1'])}, {prim('num')})",
    "cidrsubnets": lambda: f"cidrsubnets({hstr(rng.choice(CIDRS))}" + "".join(", " + rng.choice(["1", "2", "4", "8"]) for _ in range(rng.choice([0, 1, 2, 3]))) + ")",
    "uuidv5": lambda: f"uuidv5({hstr(rng.choice(['dns', 'url', 'oid', 'x500', 'x', '6ba7b810-9dad-11d1-80b4-00c04fd430c8']))}, {hstr(rng.choice(STRINGS))})",
    "timeadd": lambda: f"timeadd({hstr(rng.choice(TIMES))}, {hstr(rng.choice(['1h', '-30m', '1.5s', '1d', '', '10ns', '2h45m']))})",
    "formatdate": lambda: f"formatdate({hstr(rng.choice(DATEFMTS))}, {hstr(rng.choice(TIMES))})",
    "yamlencode": lambda: f"yamlencode({anyv()})",
    "yamldecode": lambda: f"yamldecode({hstr(rng.choice(YAMLS))})",
    "textencodebase64": lambda: f"textencodebase64({hstr(rng.choice(STRINGS))}, {hstr(rng.choice(ENCODINGS))})",
    "textdecodebase64": lambda: f"textdecodebase64({hstr(rng.choice(['YQ==', 'SGk=', '/w==', 'AGEAYgBj', '', '!!']))}, {hstr(rng.choice(ENCODINGS))})",
}

YAMLS = ["a: 1", "- a\n- b", "a: [1, 2]", "{a: b}", "!!str 1", "1.5", "true", "~", "null", "a: &x 1\nb: *x",
         "'quoted'", "\"dq\\n\"", "key: |\n  block\n", "- - 1\n  - 2", "0x10", "1e3", ".inf", "a:\n  b: c", ": :", "[", "",
         "---\na: 1\n---\nb: 2", "2001-12-14", "yes", "on"]
ENCODINGS = ["UTF-8", "UTF-16LE", "UTF-16", "ISO-8859-1", "windows-1252", "Shift_JIS", "US-ASCII", "nope", "GBK"]

CIDRS = ["10.0.0.0/8", "192.168.1.0/24", "172.16.0.0/12", "10.0.0.0/33", "fd00::/8", "2001:db8::/32",
         "::ffff:10.0.0.0/104", "10.1.2.3/16", "x", "0.0.0.0/0", "10.0.0.0/30"]
DATEFMTS = ["YYYY-MM-DD", "h:mm aa", "EEEE DD MMM", "'x' YY", "ZZZZ", "hh:mm:ss.SSS", "M/D/YY Z"]
TIMES = ["2020-01-02T03:04:05Z", "2020-01-02T03:04:05+01:00", "2020-02-29T23:59:59.5Z", "2020-01-02", "x"]

names = args or sorted(GENS)
for i in range(n):
    print(GENS[names[i % len(names)]]())
