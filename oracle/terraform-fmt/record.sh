#!/bin/sh
# Records what `terraform fmt` does to each crates/hclkit-cli/tests/data/terraform-fmt/*.in, for
# crates/hclkit-cli/tests/it/fmt_cli.rs (`terraform_fmt_recorded`): `NAME.stdin.want` is the
# output of `terraform fmt -` with the case on standard input, `NAME.file.want` the file after
# `terraform fmt NAME.tf`. Recorded with Terraform v1.11.4 (v1.0.3 gives the same bytes on
# these cases); re-run when adding cases:
#
#   oracle/terraform-fmt/record.sh [path/to/terraform]
set -eu
here=$(cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/terraform-fmt" && pwd)
tf=${1:-terraform}
export TF_CLI_CONFIG_FILE=/dev/null
"$tf" version | head -1 > "$here/RECORDED_WITH"
for input in "$here"/*.in; do
  name=${input%.in}
  "$tf" fmt - < "$input" > "$name.stdin.want"
  work=$(mktemp -d)
  cp "$input" "$work/case.tf"
  (cd "$work" && "$tf" fmt case.tf > /dev/null)
  cp "$work/case.tf" "$name.file.want"
  rm -rf "$work"
done
