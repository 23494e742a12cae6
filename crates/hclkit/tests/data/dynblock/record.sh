#!/usr/bin/env bash
# Records the reference's expansion of every fixture here: NAME.hcl (+ NAME.schema.json) ->
# NAME.out.json, with record/main.go (hcl v2.14.1 ext/dynblock, go-cty v1.12.1). Build first:
#   export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=/tmp/gocache
#   (cd record && go build -o /tmp/dynrecord ./main.go)
# Usage: record.sh [NAME.hcl...]   (default: all fixtures)
set -euo pipefail
cd "$(dirname "$0")"
DYNRECORD=${DYNRECORD:-/tmp/dynrecord}
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(*.hcl)
for f in "${files[@]}"; do
  "$DYNRECORD" "$f" >"${f%.hcl}.out.json"
done
