#!/usr/bin/env python3
"""Records each conformance case's expected outcome from the reference hcldec (hcl v2.14.1).

For every case directory under crates/hclkit-cli/tests/data/conformance (see generate.py) this runs

    hcldec --spec spec.hcldec --with-type --diags=json [--vars vars.json] [FLAGS] input.*

in the case directory and writes `want.json`:

    {"exit": N, "stdout": <stdout as JSON, or null if empty>, "diagnostics": [...]}

where diagnostics are the reference's JSON diagnostics sorted by (filename, start byte,
summary): the reference reports several errors in a varying order, we report them in
source order. Cases on which the reference crashes or is nondeterministic in its value are
reported and get no want.json (the test then fails, so such a case must be dropped or
hand-written).

Usage: python3 oracle/conformance/record.py [--missing] [HCLDEC] [CASE_DIR...]

Without CASE_DIRs, every case; with --missing, only cases without a want.json (those
generate.py has just written).

HCLDEC defaults to the reference built by shared/oracle/build.sh: $HCL_ORACLE_DIR/hcldec,
or ~/.cache/hcl-oracle/hcldec without HCL_ORACLE_DIR.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_HCLDEC = os.path.join(
    os.environ.get("HCL_ORACLE_DIR") or os.path.expanduser("~/.cache/hcl-oracle"), "hcldec")


def run(hcldec, d):
    inp = "input.json" if os.path.exists(os.path.join(d, "input.json")) else "input.hcl"
    cmd = [hcldec, "--spec", "spec.hcldec", "--with-type", "--diags=json"]
    if os.path.exists(os.path.join(d, "vars.json")):
        cmd += ["--vars", "vars.json"]
    if os.path.exists(os.path.join(d, "flags")):
        cmd += [l for l in open(os.path.join(d, "flags")).read().split("\n") if l]
    cmd.append(inp)
    p = subprocess.run(cmd, cwd=d, capture_output=True, timeout=60)
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    stdout = None
    if out.strip():
        try:
            stdout = json.loads(out)
        except ValueError:
            stdout = {"$invalid_json": out}
    diags = []
    if err.strip():
        try:
            diags = json.loads(err)["diagnostics"]
        except (ValueError, KeyError):
            return None, "stderr is not JSON diagnostics: " + err[:300]
    diags.sort(key=lambda g: (
        (g.get("subject") or {}).get("filename", ""),
        (g.get("subject") or {}).get("start", {}).get("byte", -1),
        g.get("summary", ""),
        g.get("detail", ""),
    ))
    return {"exit": p.returncode, "stdout": stdout, "diagnostics": diags}, None


def main():
    args = sys.argv[1:]
    missing = "--missing" in args
    args = [a for a in args if a != "--missing"]
    hcldec = args.pop(0) if args and not os.path.isdir(args[0]) else DEFAULT_HCLDEC
    if not os.access(hcldec, os.X_OK):
        sys.exit("record.py: %s is not an executable (build it with shared/oracle/build.sh, "
                 "or pass its path)" % hcldec)
    dirs = args
    if not dirs:
        root = os.path.join(HERE, "..", "..", "crates", "hclkit-cli", "tests", "data", "conformance")
        for group in sorted(os.listdir(root)):
            for name in sorted(os.listdir(os.path.join(root, group))):
                dirs.append(os.path.join(root, group, name))
    if missing:
        dirs = [d for d in dirs if not os.path.exists(os.path.join(d, "want.json"))]
    bad = 0
    for d in dirs:
        first, problem = run(hcldec, d)
        second, _ = run(hcldec, d) if first else (None, None)
        path = os.path.join(d, "want.json")
        if problem or first != second:
            bad += 1
            print("%s: %s" % (d, problem or "the reference is nondeterministic here"), file=sys.stderr)
            if os.path.exists(path):
                os.remove(path)
            continue
        with open(path, "w") as f:
            json.dump(first, f, indent=1, sort_keys=True, ensure_ascii=False)
            f.write("\n")
    print("recorded %d cases, %d without a stable reference outcome" % (len(dirs) - bad, bad))


main()
