#!/usr/bin/env bash
# Records the reference evaluator's output for every fixture here: NAME.hcl -> NAME.want.json.
# The outputs are from hcleval (hcl v2.14.1, go-cty v1.12.1); see ../../it/eval.rs for the format.
# Build hcleval first:
#   export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=/tmp/gocache
#   (cd /work/shared/tools/hcleval && go build -o /tmp/hcleval ./main.go)
# Usage: record.sh [NAME.hcl...]   (default: all fixtures)
set -euo pipefail
cd "$(dirname "$0")"
HCLEVAL=${HCLEVAL:-/tmp/hcleval}
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(*.hcl)
for f in "${files[@]}"; do
  args=()
  vars=$(sed -n 's/^# vars: *//p' "$f" | head -1)
  unknown=$(sed -n 's/^# unknown: *//p' "$f" | head -1)
  [ -n "$vars" ] && args+=(-vars "$vars")
  [ -n "$unknown" ] && args+=(-unknown "$unknown")
  out="${f%.hcl}.want.json"
  if "$HCLEVAL" "${args[@]}" "$f" >"$out" 2>"$out.err"; then
    rm -f "$out.err"
  else
    mv "$out.err" "$out"
  fi
done
