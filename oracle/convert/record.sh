#!/usr/bin/env bash
# Records want.json of each case of crates/hclkit-cli/tests/data/convert with the REFERENCE hcldec (hashicorp/hcl v2.14.1):
# its output (--with-type) for the case's input.hcl, with vars.json or, without one, a dummy
# variable (so the JSON conversion is evaluated with a context; see docs/convert.md).
# crates/hclkit-cli/tests/it/convert_cli.rs checks that our conversions of input.hcl (to JSON, and that back to
# native with spec.hcldec) decode to exactly this.
#
# Re-run: bash oracle/convert/record.sh [HCLDEC]
# (default: $HCL_ORACLE_DIR/hcldec, else ~/.cache/hcl-oracle/hcldec)
set -euo pipefail
cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/convert"
ref=${1:-${HCL_ORACLE_DIR:-$HOME/.cache/hcl-oracle}/hcldec}
for d in */; do
  d=${d%/}
  vars='{"hclkit_convert_check": true}'
  [ -f "$d/vars.json" ] && vars=$d/vars.json
  "$ref" --spec "$d/spec.hcldec" --with-type --vars "$vars" "$d/input.hcl" >"$d/want.json"
  echo "recorded $d"
done
