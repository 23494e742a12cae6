#!/usr/bin/env bash
# hclkit inspect against terraform-config-inspect (@evops/hcl-terraform-parser, its JavaScript
# build, in Node) over every Terraform module directory of the corpus, in one run: whole
# processes on both sides (one per module, as a script would run either), total wall time and
# the largest peak RSS. The oracle is given each module's files concatenated in Terraform's
# order, as oracle/inspect/record.mjs does.
#
#   benches/inspect/run.sh [CORPUS_DIR] [HCLKIT_BINARY]
#
# Needs Node and npm (the oracle is installed into a scratch directory on first use) and a
# release build of hclkit (`cargo build --release -p hclkit-cli --bin hclkit`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
corpus=${1:-$repo/../shared/corpus/realworld}
hclkit=${2:-$repo/target/release/hclkit}
[ -d "$corpus" ] || { echo "run.sh: no corpus at $corpus" >&2; exit 1; }
[ -x "$hclkit" ] || { echo "run.sh: no hclkit binary at $hclkit (cargo build --release -p hclkit-cli --bin hclkit)" >&2; exit 1; }
oracle_dir=${HCLKIT_ORACLE_NODE:-/tmp/tfinspect}
if [ ! -d "$oracle_dir/node_modules/@evops/hcl-terraform-parser" ]; then
  mkdir -p "$oracle_dir"
  (cd "$oracle_dir" && npm init -y >/dev/null && npm install --silent @evops/hcl-terraform-parser@1.0.0 >/dev/null)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$corpus" -name '*.tf' -printf '%h\n' | sort -u > "$tmp/dirs"
n=$(wc -l < "$tmp/dirs")

# The oracle's side: one Node process per module, given the module's text.
cat > "$tmp/one.cjs" <<'EOF'
const fs = require('fs'), path = require('path');
const dir = process.argv[2];
const names = fs.readdirSync(dir).filter(n => n.endsWith('.tf') && !n.startsWith('.') && !n.endsWith('~'));
const over = n => /(^|_)override\.tf$/.test(n);
names.sort((a, b) => (over(a) - over(b)) || (a < b ? -1 : a > b ? 1 : 0));
let text = '';
for (const n of names) { let t = fs.readFileSync(path.join(dir, n), 'utf8'); if (!t.endsWith('\n')) t += '\n'; text += t; }
const { parse } = require(process.argv[3]);
process.stdout.write(JSON.stringify(parse(text)));
EOF

measure() { # NAME, then a command with {} for the directory
  local name=$1; shift
  local start end max=0 rss
  start=$(date +%s.%N)
  while IFS= read -r d; do
    /usr/bin/time -f '%M' -o "$tmp/rss" "${@//\{\}/$d}" > /dev/null 2>&1 || true
    rss=$(tail -n 1 "$tmp/rss")
    [[ "$rss" =~ ^[0-9]+$ ]] && [ "$rss" -gt "$max" ] && max=$rss
  done < "$tmp/dirs"
  end=$(date +%s.%N)
  echo "$name $(echo "$end - $start" | bc) $max"
}

echo "modules: $n (one process per module on each side)"
a=$(measure hclkit "$hclkit" inspect --json {})
b=$(measure oracle node "$tmp/one.cjs" {} "$oracle_dir/node_modules/@evops/hcl-terraform-parser")
read -r _ ta ma <<<"$a"
read -r _ tb mb <<<"$b"
printf '%-32s %9s s  peak RSS %7s KiB\n' "hclkit inspect --json" "$ta" "$ma" "terraform-config-inspect (Node)" "$tb" "$mb"
echo "ratio (oracle / hclkit): time $(echo "scale=1; $tb / $ta" | bc)x, peak memory $(echo "scale=1; $mb / $ma" | bc)x"
