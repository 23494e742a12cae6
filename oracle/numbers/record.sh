#!/usr/bin/env bash
# Records the expectations of the number tests from the reference implementation, into
# crates/hclkit-value/tests/data:
#   number_table.want.txt  from number_table.in, evaluated by the reference hcldec (HCL v2.14.1,
#                     go-cty v1.12.1, Go 1.19): each expression is interpolated in a string
#                     template of a literal spec, so numbers print as big.Float.Text('f', -1).
#   number_diff.want.txt   RPN programs (number_programs_special.txt plus a seeded random batch from
#                     gen_programs.py) evaluated by number_oracle.go against go-cty directly.
# Usage: oracle/numbers/record.sh [HCLDEC [OUT_DIR]]   (defaults: /work/oracle/hcldec, that directory;
# scripts/conformance records into a scratch directory and compares with the committed files)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/../../crates/hclkit-value/tests/data" && pwd)
hcldec=${1:-/work/oracle/hcldec}
out_dir=${2:-$data}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out="$out_dir/number_table.want.txt"
: > "$out"
echo > "$tmp/empty.hcl"
while IFS= read -r expr; do
  case "$expr" in ''|'#'*) continue ;; esac
  # Functions are only callable in the spec file; the template converts the result to a
  # string (numbers as Text('f', -1), so infinities print too). The "=" prefix keeps HCL
  # from unwrapping a lone interpolation into the unconverted value.
  printf 'literal {\n  value = "=${%s}"\n}\n' "$expr" > "$tmp/spec.hcldec"
  if res=$("$hcldec" --spec="$tmp/spec.hcldec" --diags=json "$tmp/empty.hcl" 2>"$tmp/err"); then
    val=$(python3 -c 'import json,sys; v = json.load(sys.stdin); assert v[0] == "="; print(v[1:])' <<<"$res")
  else
    val="ERROR $(python3 -c 'import json,sys; print(json.load(sys.stdin)["diagnostics"][0]["detail"])' < "$tmp/err")"
  fi
  printf '%s\t%s\n' "$expr" "$val" >> "$out"
done < "$data/number_table.in"

export GOPATH=${GOPATH:-/usr/share/gocode} GO111MODULE=off GOCACHE=${GOCACHE:-$tmp/gocache}
go build -o "$tmp/number_oracle" "$here/number_oracle.go"
{
  grep -v '^#' "$data/number_programs_special.txt"
  python3 "$here/gen_programs.py" 1500 20240601
} | "$tmp/number_oracle" > "$out_dir/number_diff.want.txt"
echo "recorded $(wc -l < "$out") table rows and $(wc -l < "$out_dir/number_diff.want.txt") programs"
