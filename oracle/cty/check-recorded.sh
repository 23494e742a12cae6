#!/bin/sh
# Checks cases recorded by the unit tests (HCLKIT_RECORD=FILE cargo test -p hclkit-value convert::tests)
# against the reference: every recorded outcome must be one of the reference's outcomes.
# Usage: check-recorded.sh FILE [ORACLE]   (ORACLE defaults to /tmp/cty-oracle)
set -eu
file=$1
oracle=${2:-/tmp/cty-oracle}
python3 - "$file" "$oracle" <<'PY'
import json, subprocess, sys
cases = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
inp = "".join(json.dumps(c["input"]) + "\n" for c in cases)
out = subprocess.run([sys.argv[2]], input=inp, capture_output=True, text=True, check=True).stdout.splitlines()
bad = 0
for c, o in zip(cases, out):
    outcomes = json.loads(o)["outcomes"]
    if c["ours"] not in outcomes:
        bad += 1
        print("input:", json.dumps(c["input"]))
        print(" ours:", json.dumps(c["ours"]))
        print("they:", json.dumps(outcomes))
        print()
print(f"{len(cases)} recorded cases, {bad} differ from the reference")
sys.exit(1 if bad else 0)
PY
