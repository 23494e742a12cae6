#!/bin/sh
# Regenerates the golden files recorded from the reference implementation (hashicorp/hcl v2.14.1):
# NAME.want.json, the reference's tokens and diagnostics, for every NAME.hcl of
# crates/hclkit/tests/data/fixtures/{valid,invalid}, checked by crates/hclkit/tests/it/fixtures.rs.
# Usage: oracle/parse/record.sh
# Needs Go and Debian's golang-github-hashicorp-hcl-v2-dev (see shared/oracle/build.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
crate=$(cd "$here/../../crates/hclkit" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here" && go build -o /tmp/hclrecord ./main.go)
cd "$crate/tests/data"
# Reference diagnostics for every fixture, one JSON line per file.
for dir in fixtures/valid fixtures/invalid; do
  find "$dir" -name '*.hcl' | sort | while read -r f; do
    /tmp/hclrecord "$f" > "${f%.hcl}.want.json"
  done
done
