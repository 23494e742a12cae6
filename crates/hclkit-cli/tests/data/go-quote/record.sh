#!/bin/sh
# Records want.stderr: the reference hcldec's diagnostics for in.json, a JSON-syntax body
# whose property names are characters Go's unicode.IsPrint rejects (U+110BD, U+1BCA0-3,
# U+1D173-A, U+E0001, U+E0020-7F, U+FDD0-FDEF, plane-end noncharacters, ...), so the messages
# show them quoted as strconv.Quote does. Checked by tests/it/hcldec_cli.rs
# (json_names_are_quoted_as_go_quotes). Re-run from this directory:
#   sh record.sh
set -e
ORACLE=${ORACLE:-/root/.cache/hcl-oracle/hcldec}
"$ORACLE" --spec=spec.hcldec --diags=json in.json > /dev/null 2> want.stderr || test $? -eq 2
