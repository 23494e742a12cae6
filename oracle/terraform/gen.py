#!/usr/bin/env python3
"""Generates random calls for the recorded-oracle tests:
crates/hclkit-terraform/tests/data/exprs/generated_GROUP.txt.

Usage: oracle/terraform/gen.py GROUP [COUNT] [SEED] [NAME]
  (GROUP: cidr, encoding, yaml, yamlscalar, yamldoc, fileset, time; NAME defaults to GROUP)
then:  oracle/terraform/record.sh generated_NAME
The seed is fixed by default, so the lists (and their recordings) are reproducible."""
import json, random, re, sys

group = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 150
rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20)


def hcl_str(s):
    # An HCL string literal: JSON escapes are HCL escapes, except that ${ and %{ must be doubled.
    return json.dumps(s, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


def ipv4():
    return ".".join(str(rnd.choice([0, 1, 10, 127, 172, 192, 255, rnd.randrange(256)])) for _ in range(4))


def ipv6():
    groups = [rnd.choice(["0", "fd00", "ffff", "1", "2001", "db8", format(rnd.randrange(65536), "x")]) for _ in range(8)]
    text = ":".join(groups)
    if rnd.random() < 0.5:
        i = rnd.randrange(8)
        j = rnd.randrange(i, 8)
        text = ":".join(groups[:i]) + "::" + ":".join(groups[j + 1:])
    return text


def prefix():
    if rnd.random() < 0.55:
        return f"{ipv4()}/{rnd.choice([0, 8, 12, 16, 20, 24, 28, 30, 31, 32, rnd.randrange(34)])}"
    return f"{ipv6()}/{rnd.choice([0, 32, 48, 56, 64, 72, 96, 104, 120, 127, 128, rnd.randrange(130)])}"


def num(big=False):
    return rnd.choice([0, 1, 2, 3, 15, 16, 255, 256, -1, -2, -256, rnd.randrange(-300, 70000)] + ([2**32, 2**64, 10**20, -(2**40)] if big else []))


def text():
    alphabet = "abcXYZ019 -_.~!*'()/?=&#%+\n\t\"\\é☃😀\u00a0\u2028"
    return "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(0, 12)))


def value(depth=0):
    r = rnd.random()
    if depth > 2 or r < 0.45:
        return rnd.choice([hcl_str(text()), str(num()), "true", "false", "null", "1.5", "-0.25"])
    if r < 0.7:
        return "[" + ", ".join(value(depth + 1) for _ in range(rnd.randrange(0, 4))) + "]"
    keys = sorted({rnd.choice(["a", "b", "key", "yes", "1", "x y", "long_" + "k" * rnd.randrange(0, 140)]) for _ in range(rnd.randrange(0, 4))})
    return "{" + ", ".join(f"{hcl_str(k)} = {value(depth + 1)}" for k in keys) + "}"


def timestamp():
    y = rnd.choice([1970, 2000, 2017, 2024, 9999, 1])
    return f"{y:04d}-{rnd.randrange(1, 13):02d}-{rnd.randrange(1, 29):02d}T{rnd.randrange(24):02d}:{rnd.randrange(60):02d}:{rnd.randrange(60):02d}" + rnd.choice(["Z", "+05:30", "-08:00", ".5Z", ""])


def duration():
    return "".join(f"{rnd.choice(['', '-'])}{rnd.randrange(0, 100)}{rnd.choice(['h', 'm', 's', 'ms', 'us', 'ns', 'd', ''])}" for _ in range(rnd.randrange(1, 3)))


out = []
for _ in range(count):
    if group == "cidr":
        f = rnd.choice(["host", "mask", "sub", "subs"])
        if f == "host":
            out.append(f'cidrhost("{prefix()}", {num(True)})')
        elif f == "mask":
            out.append(f'cidrnetmask("{prefix()}")')
        elif f == "sub":
            out.append(f'cidrsubnet("{prefix()}", {rnd.choice([0, 1, 2, 4, 8, 16, 24, 32, 64, -1, rnd.randrange(-2, 40)])}, {num(True)})')
        else:
            bits = ", ".join(str(rnd.choice([1, 2, 3, 4, 8, 16, 0, 33, rnd.randrange(-1, 34)])) for _ in range(rnd.randrange(0, 5)))
            out.append(f'cidrsubnets("{prefix()}"{", " if bits else ""}{bits})')
    elif group == "encoding":
        f = rnd.choice(["base64encode", "base64decode", "urlencode", "md5", "sha1", "sha256", "base64sha512", "uuidv5", "textencodebase64", "textdecodebase64", "csvdecode"])
        if f == "base64decode":
            import base64
            raw = base64.b64encode(text().encode()).decode()
            if rnd.random() < 0.3 and raw:
                raw = raw[: rnd.randrange(len(raw))]
            out.append(f"base64decode({hcl_str(raw)})")
        elif f == "uuidv5":
            out.append(f'uuidv5("{rnd.choice(["dns", "url", "oid", "x500"])}", {hcl_str(text())})')
        elif f == "textencodebase64":
            out.append(f'textencodebase64({hcl_str(text())}, "{rnd.choice(["UTF-8", "UTF-16LE", "UTF-16", "ISO-8859-1", "windows-1252", "Shift_JIS", "US-ASCII", "EUC-KR", "GB18030", "Big5", "KOI8-U", "ISO-8859-7", "windows-1258", "ISO-2022-JP"])}")')
        elif f == "textdecodebase64":
            import base64
            raw = bytes(rnd.choice([0x41, 0x7f, 0x80, 0x81, 0x8d, 0x9f, 0xa4, 0xc3, 0xa9, 0xe2, 0x82, 0xff, 0xfe, 0x00, 0x1b, 0x24, 0x42, 0x5c, 0xa1, 0xb0]) for _ in range(rnd.randrange(0, 6)))
            enc = rnd.choice(["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16", "ISO-8859-1", "ISO-8859-2", "ISO-8859-15", "windows-1252", "windows-1251", "KOI8-R", "Shift_JIS", "EUC-JP", "EUC-KR", "GBK", "GB18030", "Big5", "US-ASCII", "ISO-2022-JP", "macintosh", "IBM866", "windows-874"])
            out.append(f'textdecodebase64("{base64.b64encode(raw).decode()}", "{enc}")')
        elif f == "csvdecode":
            rows = ["a,b"] + [",".join(rnd.choice(["1", "x", '"q,r"', "", "z z"]) for _ in range(rnd.choice([2, 2, 2, 1]))) for _ in range(rnd.randrange(0, 3))]
            out.append(f"csvdecode({hcl_str(chr(10).join(rows) + chr(10))})")
        else:
            out.append(f"{f}({hcl_str(text())})")
    elif group == "yaml":
        v = value()
        out.append(f"yamlencode({v})")
        if rnd.random() < 0.5:
            out.append(f"yamldecode(yamlencode({v}))")
    elif group == "yamlscalar":
        # Plain scalars that go-cty-yaml's resolution must classify, in a flow sequence.
        alphabet = rnd.choice(["0123456789", "0123456789+-._", "0123456789xXoObB_aAfF", "0123456789eE.+-", "yYnNoOtTrRuUeEfFaAlLsS~", "0123456789-:T Z."])
        items = []
        while len(items) < rnd.randrange(1, 4) + 1:
            item = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(1, 8))).strip()
            # Left out: ':' inside flow items and items starting with '-' or containing " -",
            # where libyaml (YAML 1.1) and yaml-rust2 (1.2) parse differently (a documented
            # departure), and exponents so large that the console's output is cut.
            if not item or ":" in item or item.startswith("-") or " -" in item or re.search(r"[eE][+-]?\d{4,}", item):
                continue
            items.append(item)
        out.append(f"yamldecode({hcl_str('[' + ', '.join(items) + ']')})")
    elif group == "fileset":
        # Glob patterns over tests/data/fsdata (none that climbs out or starts at the root, which
        # the policy refuses).
        parts = ["*", "**", "?", "[a-h]", "[!a-h]", "[^s]", "{hello,latin1}", "{s,b}", "*.txt", "*.t*", "sub", "deeper", "\\*", "[", "{a,", ".", "t", "x", "*l*", "*.{txt,json}", "[.]*"]
        pattern = "/".join(rnd.choice(parts) for _ in range(rnd.randrange(1, 4)))
        if ".." in pattern or pattern.startswith("/"):
            continue
        # A malformed part below the first directory: Terraform's answer depends on directory
        # order (doublestar keeps the error of the last entry only), so it is not recorded.
        later = pattern.split("/")[1:]
        if any(("[" in p and "]" not in p) for p in later) or ("{a," in pattern and not pattern.startswith("{a,") and not pattern.startswith("./{a,")):
            continue
        out.append(f'fileset("@FSDATA@", {hcl_str(pattern)})')
    elif group == "yamldoc":
        # Block-style documents: nested mappings and sequences, flow collections, quoted and
        # block scalars, anchors and aliases, comments.
        anchors = []

        def scalar():
            r = rnd.random()
            if r < 0.3:
                return rnd.choice(["x", "hello world", "yes", "No", "~", "null", "1", "-2.5", "0x1f", "1e3", "2001-12-14", "'q'", '"d\\tq"', "true", ".inf"])
            if r < 0.45 and anchors:
                return "*" + rnd.choice(anchors)
            return rnd.choice(["plain", "'single ''quoted'''", '"double \\n esc"', "[1, two, 3.0]", "{a: 1, b: [x]}", "[]", "{}", "''", "!!str 12"])

        def block(indent, depth):
            lines = []
            kind = rnd.choice(["map", "seq"])
            for _ in range(rnd.randrange(1, 4)):
                pad = " " * indent
                lead = f"{pad}{rnd.choice(['a', 'b', 'key', 'k2', '1', 'on'])}:" if kind == "map" else f"{pad}-"
                r = rnd.random()
                if depth < 2 and r < 0.35:
                    anchor = ""
                    if rnd.random() < 0.3:
                        name = f"n{len(anchors)}"
                        anchors.append(name)
                        anchor = f" &{name}"
                    lines.append(lead + anchor)
                    lines.extend(block(indent + 2, depth + 1))
                elif r < 0.45:
                    lines.append(lead + " |" + rnd.choice(["", "-", "+"]))
                    lines.append(pad + "  line one")
                    lines.append(pad + "  line two")
                else:
                    comment = rnd.choice(["", "", " # note"])
                    lines.append(f"{lead} {scalar()}{comment}")
            return lines

        doc = "\n".join(block(0, 0)) + "\n"
        out.append(f"yamldecode({hcl_str(doc)})")
    elif group == "yamlodd":
        # Less common block constructs: empty values, folded and multi-line plain scalars,
        # document markers, explicit keys, nested empty collections, merge keys.
        pieces = [
            "a:", "a: ~", "b: >\n  folded\n  more\n", "c: plain\n  continued", "? k\n: v", "--- \nx: 1",
            "x: 1\n...", "m: {}", "s: []", "l:\n- 1\n-\n- 3", "base: &b {p: 1}\nuse:\n  <<: *b\n  q: 2",
            "t: !!str 2001-01-01", "n: -.5", "h: 0o17", "q: 'it''s'", "d: \"\\x41\\u00e9\"", "e: |2\n   indented",
            "k: [a, [b, {c: d}]]", "w: yes # c", "# only comment", "z: 12:30", "y: 1_0.5",
        ]
        chosen = []
        for _ in range(rnd.randrange(1, 4)):
            p = rnd.choice(pieces)
            key = p.split(":", 1)[0]
            if any(c.split(":", 1)[0] == key for c in chosen) or p.startswith(("---", "? ", "#")) and chosen:
                continue
            chosen.append(p)
        out.append(f"yamldecode({hcl_str(chr(10).join(chosen) + chr(10))})")
    elif group == "time":
        if rnd.random() < 0.5:
            out.append(f'timeadd("{timestamp()}", "{duration()}")')
        else:
            fmt = " ".join(rnd.choice(["YYYY", "YY", "MM", "M", "DD", "D", "EEEE", "EEE", "hh", "h", "HH", "mm", "m", "ss", "s", "aa", "AA", "ZZZZZ", "ZZZZ", "ZZZ", "Z", "'lit'", "MMM", "MMMM"]) for _ in range(rnd.randrange(1, 5)))
            out.append(f'formatdate("{fmt}", "{timestamp()}")')
    else:
        sys.exit(f"unknown group {group}")

name = sys.argv[4] if len(sys.argv) > 4 else group
exprs = f"{__file__.rsplit('/', 1)[0]}/../../crates/hclkit-terraform/tests/data/exprs"
with open(f"{exprs}/generated_{name}.txt", "w") as f:
    f.write(f"# Generated by oracle/terraform/gen.py {' '.join(sys.argv[1:])}; re-record with oracle/terraform/record.sh generated_{name}\n")
    for e in out:
        f.write(e.replace("\n", "\\n") + "\n")
