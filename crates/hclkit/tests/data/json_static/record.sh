#!/bin/sh
# Records what the reference (hashicorp/hcl v2.14.1) returns from its static analyses of JSON
# expressions: each line of cases.txt (one JSON value) is given to
# `apirecord json-static -vars '{"a":"x"}'` (../apirecord) and the results, one JSON line per
# case, go to want.jsonl; ../../it/json_static.rs compares hclkit with them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here/../apirecord" && go build -o /tmp/apirecord ./main.go)
: > "$here/want.jsonl"
while IFS= read -r line; do
  /tmp/apirecord json-static -vars '{"a":"x"}' "$line" >> "$here/want.jsonl"
done < "$here/cases.txt"
