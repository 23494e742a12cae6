#!/usr/bin/env bash
# Generated calls compared with Terraform v1.0.3: gencalls.py writes N random calls of
# Terraform's own and shadowed functions (seed printed; SEED repeats a run), tfeval evaluates
# them with `terraform console`, examples/tfeval_rs with hclkit, and compare.py prints every
# difference and the counts. Exit status 1 when any call differs.
#
# Usage: oracle/terraform/conformance.sh [N [SEED]]   (default N=300)
# Needs /work/shared/tools/tfeval (TFEVAL overrides the path), which installs Terraform.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-300}
seed=${2:-}
tfeval=${TFEVAL:-/work/shared/tools/tfeval}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gencalls.py" -n "$n" ${seed:+-s "$seed"} > "$work/calls.txt"
(cd "$root" && cargo build -q -p hclkit-terraform --example tfeval_rs)
target=${CARGO_TARGET_DIR:-$root/target}
"$target/debug/examples/tfeval_rs" < "$work/calls.txt" > "$work/hclkit.jsonl"
"$tfeval" -j 2 "$work/calls.txt" > "$work/terraform.jsonl"
python3 "$here/compare.py" "$work/terraform.jsonl" "$work/hclkit.jsonl"
