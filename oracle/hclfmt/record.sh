#!/bin/sh
# Records what the reference's hclfmt (hashicorp/hcl v2.14.1, built by shared/oracle/build.sh)
# does in each case of crates/hclkit-cli/tests/data/hclfmt, for
# crates/hclkit-cli/tests/it/hclfmt_cli.rs. A case is a directory with
# `args` (one argument per line), optionally `stdin`, and `files/` (the working directory's
# files); recorded: `want.stdout`, `want.stderr`, `want.status`, and `want.files/` (the
# working directory afterwards). Re-run when adding cases:
#
#   oracle/hclfmt/record.sh [path/to/reference/hclfmt]
set -eu
here=$(cd "$(dirname "$0")/../../crates/hclkit-cli/tests/data/hclfmt" && pwd)
ref=${1:-${HCL_ORACLE_DIR:-$HOME/.cache/hcl-oracle}/hclfmt}
for case in "$here"/*/; do
  case=${case%/}
  work=$(mktemp -d)
  # (git keeps no empty folder: a case without files has no files/)
  if [ -d "$case/files" ]; then cp -r "$case/files/." "$work/"; fi
  # Arguments one per line (none may contain a newline).
  set --
  while IFS= read -r a; do set -- "$@" "$a"; done < "$case/args"
  status=0
  if [ -f "$case/stdin" ]; then
    (cd "$work" && "$ref" "$@" < "$case/stdin" > "$case/want.stdout" 2> "$case/want.stderr") || status=$?
  else
    (cd "$work" && "$ref" "$@" < /dev/null > "$case/want.stdout" 2> "$case/want.stderr") || status=$?
  fi
  echo "$status" > "$case/want.status"
  rm -rf "$case/want.files"
  mkdir -p "$case/want.files"
  cp -r "$work/." "$case/want.files/"
  rm -rf "$work"
done
