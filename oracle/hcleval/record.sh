#!/usr/bin/env bash
# Records the reference evaluator's output for the evaluation fixtures of one folder of
# crates/hclkit/tests/data: GROUP/NAME.hcl -> GROUP/NAME.want.json, for GROUP `eval`
# (crates/hclkit/tests/it/eval.rs), `stdlib` (it/stdlib.rs) or `tryfunc` (it/tryfunc.rs). The
# outputs are from hcleval (hcl v2.14.1, go-cty v1.12.1); see it/eval.rs for the format and
# data/eval/README.md for the header comments (`# vars:`, `# unknown:`) that set the context.
# For `stdlib`, a full run also records the reference's function list (stdlib/functions.want.txt),
# which the test compares with the library's.
# Build hcleval first:
#   export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=/tmp/gocache
#   (cd /work/shared/tools/hcleval && go build -o /tmp/hcleval ./main.go)
# Usage: oracle/hcleval/record.sh GROUP [NAME.hcl...]   (default: all fixtures of GROUP)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
group=${1:?usage: record.sh eval|stdlib|tryfunc [NAME.hcl...]}
shift
case "$group" in
  eval | stdlib | tryfunc) ;;
  *) echo "record.sh: unknown group $group (eval, stdlib or tryfunc)" >&2; exit 2 ;;
esac
cd "$here/../../crates/hclkit/tests/data/$group"
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
# The reference's function list, which the stdlib test compares with the library's.
if [ "$group" = stdlib ] && [ $# -eq 0 ]; then
  "$HCLEVAL" -functions >functions.want.txt
fi
exit 0
