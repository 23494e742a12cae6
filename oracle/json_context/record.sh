#!/bin/sh
# Records crates/hclkit-cli/tests/data/json-context/*/want.{stderr,status}: the reference
# hcldec's (hashicorp/hcl v2.14.1) text diagnostics for JSON-syntax inputs, whose
# "on FILE line N, in CONTEXT:" lines name the objects and arrays around each problem (the
# reference's JSON ContextString). Each case directory holds spec.hcldec, its inputs
# input*.json (given in name order) and, when JSON strings must be read as templates,
# vars.json (given as --vars). Checked by crates/hclkit-cli/tests/it/hcldec_cli.rs
# (json_diagnostics_name_their_context). Re-run:
#   sh oracle/json_context/record.sh
set -e
export LC_ALL=C
ORACLE=${ORACLE:-${HCL_ORACLE_DIR:-$HOME/.cache/hcl-oracle}/hcldec}
cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/json-context"
for case in */; do
    (
        cd "$case"
        vars=
        [ -f vars.json ] && vars=--vars=vars.json
        # stdout is not a terminal, so the reference wraps text at 80 columns.
        status=0
        "$ORACLE" --spec=spec.hcldec $vars input*.json > /dev/null 2> want.stderr || status=$?
        echo "$status" > want.status
    )
done
