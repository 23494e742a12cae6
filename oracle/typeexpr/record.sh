#!/bin/sh
# Regenerates crates/hclkit/tests/data/typeexpr/cases.want.json from cases.json there with the
# reference (hcl v2.14.1, go-cty v1.12.1), for crates/hclkit/tests/it/typeexpr.rs.
# Usage: oracle/typeexpr/record.sh
# Needs Go and Debian's golang-github-hashicorp-hcl-v2-dev (see shared/oracle/build.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/../../crates/hclkit/tests/data/typeexpr" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here" && go build -o /tmp/typeexpr-record ./main.go)
/tmp/typeexpr-record "$data/cases.json" > "$data/cases.want.json"
