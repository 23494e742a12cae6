#!/usr/bin/env bash
# Records Terraform v1.0.3's results for the expressions of
# crates/hclkit-terraform/tests/data/exprs/GROUP.txt (one a line; or standard input when it is
# not a file) into crates/hclkit-terraform/tests/data/recorded/GROUP.want.jsonl, the expected
# results of crates/hclkit-terraform/tests/it/recorded.rs.
#
# Usage: oracle/terraform/record.sh GROUP [< expressions.txt]
#   Re-run for a group after editing its expression list (`record.sh encoding`), or all of
#   them: `for f in crates/hclkit-terraform/tests/data/exprs/*.txt; do
#   oracle/terraform/record.sh "$(basename "$f" .txt)"; done`.
#
# It runs /work/shared/tools/tfeval (TFEVAL overrides the path), which installs Terraform with
# /work/shared/oracle/terraform.sh and evaluates each expression in its own `terraform
# console`. `@FSDATA@` in an expression stands for the absolute path of tests/data/fsdata (files
# the filesystem functions read); the placeholder is put back into the recorded results.
# fileset cases list tests/data/fsdata: after adding a file there, re-record `filesystem`.
# Random cases: oracle/terraform/gen.py GROUP writes exprs/generated_GROUP.txt (fixed seed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
crate=$(cd "$here/../../crates/hclkit-terraform" && pwd)
group=${1:?usage: record.sh GROUP [< expressions.txt]}
tfeval=${TFEVAL:-/work/shared/tools/tfeval}
fsdata=$crate/tests/data/fsdata
list=$crate/tests/data/exprs/$group.txt
if [[ ! -f $list ]]; then
  mkdir -p "$crate/tests/data/exprs"
  cat > "$list"
fi
out=$crate/tests/data/recorded/$group.want.jsonl
mkdir -p "$(dirname "$out")"
# Comment lines (#) in the list are skipped.
grep -v '^#' "$list" | grep -v '^[[:space:]]*$' | FSDATA="$fsdata" python3 -c '
import os, sys
d = os.environ["FSDATA"]
for l in sys.stdin: print(l.rstrip("\n").replace("@FSDATA@", d))
' | "$tfeval" -j 2 | FSDATA="$fsdata" python3 -c '
import json, os, sys
d = os.environ["FSDATA"]
for line in sys.stdin:
    r = json.loads(line)
    expr = r.pop("expr").replace(d, "@FSDATA@")
    def put(v):
        if isinstance(v, str): return v.replace(d, "@FSDATA@")
        if isinstance(v, list): return [put(x) for x in v]
        if isinstance(v, dict): return {k: put(x) for k, x in v.items()}
        return v
    r = put(r)
    r.pop("stderr", None) if r.get("ok") is not None else None
    print(json.dumps({"expr": expr, "result": r}, ensure_ascii=False))
' > "$out.tmp"
mv "$out.tmp" "$out"
echo "$out: $(wc -l < "$out") cases" >&2
