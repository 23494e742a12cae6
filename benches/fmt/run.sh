#!/usr/bin/env bash
# The formatter's whole-process benchmark: our release hclfmt against the reference's hclfmt
# (hcl v2.14.1) on shared/corpus/large.tf (10 MB of real-world Terraform), then hclkit fmt and
# the reference on a copy of the real-world corpus (6,189 files; the reference is run once per
# file, as a user of hclfmt would run it over a tree).
#
#   1. checks that our output equals the reference's, byte for byte;
#   2. measures wall time and peak RSS (/usr/bin/time -f "%e %M") of RUNS runs of each,
#      alternating, and prints each run, the medians and the ratios (and peak RSS as a multiple
#      of the input's size).
#
# Usage: benches/fmt/run.sh [RUNS]   (default 3)
# Environment: HCLFMT_REF (default ~/.cache/hcl-oracle/hclfmt), HCLKIT_CORPUS_ROOT (the
# shared/corpus directory), CARGO_TARGET_DIR (our binaries are built here).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
ref=${HCLFMT_REF:-$HOME/.cache/hcl-oracle/hclfmt}
corpus=${HCLKIT_CORPUS_ROOT:-$(pwd)/../shared/corpus}
[ -d "$corpus" ] || corpus=$(pwd)/../../shared/corpus
cargo build --release -q -p hclkit-cli
bin=${CARGO_TARGET_DIR:-$(pwd)/target}/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
large=$corpus/large.tf

"$bin/hclfmt" "$large" >"$work/ours.out"
"$ref" "$large" >"$work/ref.out"
cmp -s "$work/ours.out" "$work/ref.out" || { echo "bench: outputs differ on large.tf" >&2; exit 1; }
echo "large.tf: outputs equal ($(wc -c <"$large") bytes in, $(wc -c <"$work/ours.out") out)"

: >"$work/ours.t"
: >"$work/ref.t"
for i in $(seq "$runs"); do
  /usr/bin/time -o "$work/t" -f "%e %M" "$bin/hclfmt" "$large" >/dev/null
  echo "ours $(cat "$work/t")" | tee -a "$work/ours.t"
  /usr/bin/time -o "$work/t" -f "%e %M" "$ref" "$large" >/dev/null
  echo "reference $(cat "$work/t")" | tee -a "$work/ref.t"
done
python3 - "$work" "$(wc -c <"$large")" <<'PY'
import statistics, sys
work, size = sys.argv[1], int(sys.argv[2]) / 1024 / 1024
def med(name, col):
    return statistics.median(float(l.split()[col]) for l in open(f"{work}/{name}"))
os_, om = med("ours.t", 1), med("ours.t", 2) / 1024
rs, rm = med("ref.t", 1), med("ref.t", 2) / 1024
print("large.tf median: ours %.3f s, %.1f MB (%.2fx the input); reference %.2f s, %.0f MB" % (os_, om, om / size, rs, rm))
print("speed-up %.1fx, memory %.3f of the reference's" % (rs / max(os_, 0.001), om / rm))
PY

# A tree: hclkit fmt --check on a copy of the corpus against the reference run on each file.
cp -r "$corpus/realworld" "$work/tree"
chmod -R u+w "$work/tree"
/usr/bin/time -o "$work/t" -f "%e %M" "$bin/hclkit" fmt --check "$work/tree" >/dev/null || true
echo "corpus tree: hclkit fmt --check $(tail -n 1 "$work/t") (s, KB)"
start=$(date +%s.%N)
find "$work/tree" -type f -print0 | xargs -0 -n 1 "$ref" >/dev/null
end=$(date +%s.%N)
echo "corpus tree: reference hclfmt once per file $(python3 -c "print('%.2f' % ($end - $start))") s"
