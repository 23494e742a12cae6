#!/bin/sh
# Records the reference's (hashicorp/hcl v2.14.1) diagnostics for every file here parsed as a
# standalone expression (hclsyntax.ParseExpression), for every NAME.hcl of
# crates/hclkit/tests/data/fixtures/expr: NAME.want.json, checked by
# crates/hclkit/tests/it/expr_fixtures.rs. Uses the recorder main.go here (see record.sh).
# Usage: oracle/parse/record-expr.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here" && go build -o /tmp/hclrecord ./main.go)
cd "$here/../../crates/hclkit/tests/data"
for f in fixtures/expr/*.hcl; do
  /tmp/hclrecord -mode expr "$f" > "${f%.hcl}.want.json"
done
