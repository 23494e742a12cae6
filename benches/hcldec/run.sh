#!/usr/bin/env bash
# The hcldec benchmark: our release hcldec against the reference hcldec (hcl v2.14.1) on the
# workload of workload.py (~10 MB of service blocks decoded with a block_map spec).
#
#   1. writes the workload (spec.hcldec, input.hcl, vars.json) into a scratch directory;
#   2. checks that our output equals the reference's, byte for byte;
#   3. measures whole-process wall time and peak RSS (/usr/bin/time -f "%e %M") of RUNS runs of
#      each, alternating, and prints each run, the medians and the ratios.
#
# Usage: benches/hcldec/run.sh [SIZE_MB] [RUNS]   (defaults 10 and 3)
# Environment: HCLDEC_REF (default /work/oracle/hcldec, else ~/.cache/hcl-oracle/hcldec),
# CARGO_TARGET_DIR (our binary is $CARGO_TARGET_DIR/release/hcldec, built here).
set -euo pipefail
cd "$(dirname "$0")/../.."
size=${1:-10}
runs=${2:-3}
ref=${HCLDEC_REF:-/work/oracle/hcldec}
[ -x "$ref" ] || ref=$HOME/.cache/hcl-oracle/hcldec
cargo build --release -q -p hclkit-cli
ours=${CARGO_TARGET_DIR:-$(pwd)/target}/release/hcldec
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benches/hcldec/workload.py "$work" "$size"
cd "$work"
args=(--spec spec.hcldec --vars vars.json input.hcl)

"$ours" "${args[@]}" >ours.json
"$ref" "${args[@]}" >ref.json
if ! cmp -s ours.json ref.json; then
  echo "bench: our output differs from the reference's" >&2
  exit 1
fi
echo "outputs equal ($(wc -c <ours.json) bytes of JSON)"

for i in $(seq "$runs"); do
  /usr/bin/time -o t -f "%e %M" "$ours" "${args[@]}" >/dev/null
  echo "ours $(cat t)" | tee -a ours.t
  /usr/bin/time -o t -f "%e %M" "$ref" "${args[@]}" >/dev/null
  echo "reference $(cat t)" | tee -a ref.t
done
python3 - <<'EOF'
import statistics
def med(path, col):
    return statistics.median(float(l.split()[col]) for l in open(path))
os_, om = med("ours.t", 1), med("ours.t", 2) / 1024
rs, rm = med("ref.t", 1), med("ref.t", 2) / 1024
print("median: ours %.2f s, %.0f MB; reference %.2f s, %.0f MB" % (os_, om, rs, rm))
print("speed-up %.1fx, memory %.3f of the reference's (%.1fx less)" % (rs / max(os_, 0.005), om / rm, rm / om))
EOF
