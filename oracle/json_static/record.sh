#!/bin/sh
# Records what the reference (hashicorp/hcl v2.14.1) returns from its static analyses of JSON
# expressions: each line of crates/hclkit/tests/data/json_static/cases.txt (one JSON value) is given to
# `apirecord json-static -vars '{"a":"x"}'` (../apirecord) and the results, one JSON line per
# case, go to want.jsonl there; crates/hclkit/tests/it/json_static.rs compares hclkit with them.
# Usage: oracle/json_static/record.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/../../crates/hclkit/tests/data/json_static" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here/../apirecord" && go build -o /tmp/apirecord ./main.go)
: > "$data/want.jsonl"
while IFS= read -r line; do
  /tmp/apirecord json-static -vars '{"a":"x"}' "$line" >> "$data/want.jsonl"
done < "$data/cases.txt"
