#!/bin/sh
# Records crates/hclkit-cli/tests/data/go-quote/want.stderr: the reference hcldec's
# diagnostics for in.json there, a JSON-syntax body
# whose property names are characters Go's unicode.IsPrint rejects (U+110BD, U+1BCA0-3,
# U+1D173-A, U+E0001, U+E0020-7F, U+FDD0-FDEF, plane-end noncharacters, ...), so the messages
# show them quoted as strconv.Quote does. Checked by crates/hclkit-cli/tests/it/hcldec_cli.rs
# (json_names_are_quoted_as_go_quotes). Re-run:
#   sh oracle/go_quote/record.sh
set -e
cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/go-quote"
ORACLE=${ORACLE:-/root/.cache/hcl-oracle/hcldec}
"$ORACLE" --spec=spec.hcldec --diags=json in.json > /dev/null 2> want.stderr || test $? -eq 2
