#!/bin/sh
# Regenerates cases.want.json from cases.json with the reference (hcl v2.14.1, go-cty v1.12.1).
# Needs Go and Debian's golang-github-hashicorp-hcl-v2-dev (see shared/oracle/build.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=${GOCACHE:-/tmp/gocache}
(cd "$here" && go build -o /tmp/typeexpr-record ./main.go)
/tmp/typeexpr-record "$here/cases.json" > "$here/cases.want.json"
