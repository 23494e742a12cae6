#!/usr/bin/env python3
"""Faithfulness of `hclkit convert`, judged by the reference hcldec (run by scripts/conformance).

For every conformance case (tests/conformance/cases/GROUP/NAME: spec.hcldec, input.hcl or
input.json, optional vars.json and flags) that the reference hcldec decodes without error:

  native -> JSON:   `hclkit convert input.hcl` must give a JSON file that the reference decodes
                    to exactly what it decodes from input.hcl;
  JSON -> native:   `hclkit convert --spec spec.hcldec X.json` must give a native file that the
                    reference decodes to exactly what it decodes from X.json, where X.json is
                    the case's own input.json, or for native cases the JSON converted above.

The reference runs with `--with-type` (so a tuple is not a list) and always with variables: a
case without vars.json gets a dummy one, because without any variables or functions hcldec
evaluates with no context, and the JSON syntax then reads strings literally (not as
templates). Cases with `--var-refs` are left out (that output quotes source ranges, which
differ between syntaxes by design).

A conversion that hclkit refuses with an error, or makes with a warning that the result cannot
mean the same (what the target syntax cannot say: an attribute and a block with one name, in
JSON; an empty or non-identifier name, in the native syntax), is counted apart as refused;
any other difference is a disagreement.

Usage: faithful.py --hclkit PATH --ref PATH [--cases DIR] [--convert-flag=--simplify ...] [--fail] [--list]
Prints the counts; with --fail exits 1 when some case disagrees (refusals do not fail).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

DUMMY_VARS = '{"hclkit_convert_check": true}'


def run(cmd, cwd=None, stdin=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=60, input=stdin)
    except subprocess.TimeoutExpired:
        return 124, b"", b"timeout"
    return p.returncode, p.stdout, p.stderr


def decode(ref, case, flags, vars_arg, input_path):
    cmd = [ref, "--spec", os.path.join(case, "spec.hcldec"), "--with-type", "--vars", vars_arg]
    cmd += flags + [input_path]
    return run(cmd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hclkit", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--cases", default=os.path.join(os.path.dirname(__file__), "..", "conformance", "cases"))
    ap.add_argument("--fail", action="store_true")
    ap.add_argument("--list", action="store_true", help="print every disagreeing case")
    ap.add_argument("--convert-flag", action="append", default=[], help="extra option for the native -> JSON conversion")
    a = ap.parse_args()

    counts = {"n2j": [0, 0, 0], "j2n": [0, 0, 0]}  # [decoded by the reference, agreeing, refused]
    refused = []
    bad = []
    work = tempfile.mkdtemp()
    cases = sorted(
        os.path.join(a.cases, g, n)
        for g in os.listdir(a.cases)
        if os.path.isdir(os.path.join(a.cases, g))
        for n in os.listdir(os.path.join(a.cases, g))
    )
    for i, case in enumerate(cases):
        if not os.path.exists(os.path.join(case, "spec.hcldec")):
            continue
        flags = []
        if os.path.exists(os.path.join(case, "flags")):
            flags = open(os.path.join(case, "flags")).read().split()
        if "--var-refs" in flags:
            continue
        vars_arg = os.path.join(case, "vars.json") if os.path.exists(os.path.join(case, "vars.json")) else DUMMY_VARS
        native = os.path.join(case, "input.hcl")
        jsonin = os.path.join(case, "input.json")
        json_for_back = None
        if os.path.exists(native):
            rc, want, _ = decode(a.ref, case, flags, vars_arg, native)
            if rc != 0:
                continue
            counts["n2j"][0] += 1
            conv = os.path.join(work, f"{i}.json")
            rc, _, err = run([a.hclkit, "convert", *a.convert_flag, native, "-o", conv])
            if rc != 0:
                counts["n2j"][2] += 1
                refused.append(("native->json", case, err.decode(errors="replace")[:300]))
                continue
            warned = b"Attribute and block with the same name" in err
            rc, got, err = decode(a.ref, case, flags, vars_arg, conv)
            if rc == 0 and got == want:
                counts["n2j"][1] += 1
                json_for_back = conv
            elif warned:
                counts["n2j"][2] += 1
                refused.append(("native->json", case, "warned: Attribute and block with the same name"))
                continue
            else:
                bad.append(("native->json", case, (got or err).decode(errors="replace")[:300]))
                continue
        elif os.path.exists(jsonin):
            json_for_back = jsonin
        if json_for_back is None:
            continue
        rc, want, _ = decode(a.ref, case, flags, vars_arg, json_for_back)
        if rc != 0:
            continue
        counts["j2n"][0] += 1
        back = os.path.join(work, f"{i}.back.hcl")
        rc, _, err = run([a.hclkit, "convert", "--spec", os.path.join(case, "spec.hcldec"), json_for_back, "-o", back])
        if rc != 0:
            counts["j2n"][2] += 1
            refused.append(("json->native", case, err.decode(errors="replace")[:300]))
            continue
        rc, got, err = decode(a.ref, case, flags, vars_arg, back)
        if rc == 0 and got == want:
            counts["j2n"][1] += 1
        else:
            bad.append(("json->native", case, (got or err).decode(errors="replace")[:300]))

    n2j, j2n = counts["n2j"], counts["j2n"]
    for name, c in (("native -> JSON", n2j), ("JSON -> native", j2n)):
        print(
            f"{name}: {c[1]} of {c[0]} cases the reference decodes agree; "
            f"{c[2]} refused or warned with a diagnostic; {c[0] - c[1] - c[2]} disagree"
        )
    for direction, case, why in refused:
        first = why.strip().splitlines()[0] if why.strip() else ""
        print(f"refused {direction} {os.path.relpath(case, a.cases)}: {first}")
    for direction, case, why in bad if a.list else bad[:20]:
        print(f"DISAGREE {direction} {os.path.relpath(case, a.cases)}: {why.strip()}")
    if bad and not a.list and len(bad) > 20:
        print(f"... and {len(bad) - 20} more")
    if a.fail and bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
