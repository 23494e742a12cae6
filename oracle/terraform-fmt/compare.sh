#!/bin/bash
# Live check: how many corpus *.tf files `hclkit fmt -` formats differently from
# `terraform fmt -` (Terraform on PATH, v1.11.4 when measured). Every STEP-th file of the sorted
# list, at most LIMIT of them (default: every file); the differing ones are listed.
#
#   oracle/terraform-fmt/compare.sh [HCLKIT] [CORPUS] [STEP] [LIMIT]
#
# 2026-11-28, every 5th of ../shared/corpus (600 files): 44 differed before hclkit fmt gave
# Terraform's bytes on standard input (43 with --terraform: the final newline), 0 after;
# all 3,311 corpus .tf files: 0 differ.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$here/target/release/hclkit}
corpus=${2:-$here/../shared/corpus}
step=${3:-1}
limit=${4:-1000000}
export TF_CLI_CONFIG_FILE=/dev/null
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
n=0 differ=0 refused=0
while read -r f; do
  n=$((n + 1))
  if ! terraform fmt - < "$f" > "$t/want" 2>/dev/null; then refused=$((refused + 1)); continue; fi
  "$bin" fmt - < "$f" > "$t/got" 2>/dev/null || true
  if ! cmp -s "$t/want" "$t/got"; then differ=$((differ + 1)); echo "differs: $f"; fi
done < <(find "$corpus" -name '*.tf' | sort | awk -v s="$step" 'NR % s == 0' | head -n "$limit")
echo "$n files, $refused refused by terraform fmt, $differ formatted differently"
