#!/usr/bin/env bash
# Records the reference's output for the dynamic block fixtures of
# crates/hclkit/tests/data/dynblock (checked by crates/hclkit/tests/it/dynblock.rs), with hcl v2.14.1 and go-cty
# v1.12.1 (the packaged sources, GOPATH mode):
# * NAME.hcl + NAME.schema.json -> NAME.want.json, with record/main.go (expansion under a schema);
# * decode/NAME.hcl + decode/NAME.hcldec -> decode/NAME.want.json, with record-decode/main.go
#   (hcldec decoding of the expanded body), built together with the spec-file loader of the
#   packaged reference hcldec command (copied next to it at build time, not kept here).
# Usage: oracle/dynblock/record.sh [FILE.hcl...]   (relative to that folder; default: all fixtures)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../crates/hclkit/tests/data/dynblock"
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
(cd "$here/record" && go build -o "$build/dynrecord" ./main.go)
mkdir "$build/dec"
cp "$GOPATH"/src/github.com/hashicorp/hcl/v2/cmd/hcldec/{spec.go,spec_funcs.go,type_expr.go} "$build/dec/"
cp "$here/record-decode/main.go" "$build/dec/"
(cd "$build/dec" && go build -o "$build/dyndecode" .)
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(*.hcl decode/*.hcl)
for f in "${files[@]}"; do
  case "$f" in
    decode/*) "$build/dyndecode" "$f" >"${f%.hcl}.want.json" ;;
    *) "$build/dynrecord" "$f" >"${f%.hcl}.want.json" ;;
  esac
done
