#!/bin/sh
# Records what the reference (hashicorp/hcl v2.14.1) makes of merged bodies (hcl.MergeBodies):
# each line of crates/hclkit/tests/data/merged/cases.txt is the arguments of `apirecord merged`
# (../apirecord), run in that directory; the results, one JSON line per case, go to want.jsonl
# there, which crates/hclkit/tests/it/merged.rs compares hclkit with. Files are parsed as hcldec does: JSON for names ending
# in ".json" (case-sensitive), native otherwise.
# Usage: oracle/merged/record.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here/../apirecord" && go build -o /tmp/apirecord ./main.go)
cd "$here/../../crates/hclkit/tests/data/merged"
: > want.jsonl
while IFS= read -r line; do
  # shellcheck disable=SC2086
  /tmp/apirecord merged $line >> want.jsonl
done < cases.txt
