#!/usr/bin/env bash
# Records crates/hclkit-cli/tests/data/convert-json/*/want.*: what the REFERENCE hcldec
# (hashicorp/hcl v2.14.1) makes of each case's input.json with its spec.hcldec: the exit
# status (want.status), the output with --with-type (want.json, empty on failure) and, on
# failure, the diagnostics (want.diags.json, --diags=json). The cases are JSON bodies where a
# block property's value, a label level or an element of a list of bodies is null (or empty):
# crates/hclkit-cli/tests/it/convert_cli.rs checks that `hclkit convert --spec` turns each
# into a native file that decodes to the same (or refuses it, or writes what fails the same
# way, where the reference fails).
#
# Re-run: bash oracle/convert/record-json.sh [HCLDEC]
# (default: $HCL_ORACLE_DIR/hcldec, else ~/.cache/hcl-oracle/hcldec)
set -uo pipefail
cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/convert-json" || exit 1
ref=${1:-${HCL_ORACLE_DIR:-$HOME/.cache/hcl-oracle}/hcldec}
for d in */; do
  d=${d%/}
  status=0
  "$ref" --spec "$d/spec.hcldec" --with-type "$d/input.json" >"$d/want.json" 2>/dev/null || status=$?
  echo "$status" >"$d/want.status"
  rm -f "$d/want.diags.json"
  if [ "$status" != 0 ]; then
    (cd "$d" && "$ref" --spec spec.hcldec --diags=json input.json >/dev/null 2>want.diags.json)
  fi
  echo "recorded $d: $status"
done
