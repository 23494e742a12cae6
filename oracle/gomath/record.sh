#!/usr/bin/env bash
# Records gomath.want.txt: arguments for `log` and `pow` (and Go's math.Log and math.Exp,
# which they are built on) with the reference's results as float64 bit patterns, from
# main.go here (go-cty v1.12.1 and Go 1.19's math package on amd64; math.Exp takes
# its FMA path on a CPU with AVX and FMA, as the reference's machines have). Read by
# crates/hclkit-value/src/stdlib/gomath/tests.rs.
# Usage: oracle/gomath/record.sh [OUT_DIR [SEED [N]]]
# (defaults: crates/hclkit-value/tests/data, 1, 20000;
# scripts/conformance records into a scratch directory and compares with the committed file,
# then checks a fresh seed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out_dir=${1:-$here/../../crates/hclkit-value/tests/data}
seed=${2:-1}
n=${3:-20000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GOPATH=${GOPATH:-/usr/share/gocode} GO111MODULE=off GOFLAGS= GOCACHE=${GOCACHE:-$tmp/gocache}
go build -o "$tmp/gomath-oracle" "$here/main.go"
"$tmp/gomath-oracle" -seed "$seed" -n "$n" > "$out_dir/gomath.want.txt"
echo "recorded $(grep -vc '^#' "$out_dir/gomath.want.txt") cases (seed $seed)"
