#!/bin/sh
# Records the formatter's expected outputs from the reference (hashicorp/hcl v2.14.1's
# hclwrite.Format, which the reference's hclfmt runs) into crates/hclkit/tests/data/fmt, and the tables the
# formatter takes from the reference. Needs Go and Debian's golang-github-hashicorp-hcl-v2-dev
# (see shared/oracle/build.sh) and the shared corpus. Re-run after changing the selection or the
# hand-written inputs:
#
#   oracle/fmt/record.sh [SHARED_CORPUS_REALWORLD_DIR]
#
# Case groups (each NAME.in with the reference's NAME.want):
#   hclwrite/     the cases of the reference's own TestFormat table (hclwrite/format_test.go),
#                 inputs and expected outputs as that table gives them
#   corpus/       the real-world files listed in corpus.txt (chosen by select_corpus.py), copied
#                 from shared/corpus/realworld (sources and licences: ATTRIBUTION.md)
#   variants/     each of those with its white space redrawn at random (tokens unchanged), and
#                 two damaged copies (truncated, bytes flipped, deleted or duplicated, brackets,
#                 quotes, template and heredoc openers inserted), from fmtoracle gen, seed 14
#   handwritten/  inputs written for the corners: heredocs, graphemes, CRLF, comments,
#                 templates, unbalanced brackets, invalid characters (the .in files are the
#                 sources; only their .want files are recorded)
# Tables (generated source files, observed from the reference, ~5 minutes):
#   crates/hclkit/src/syntax/native/reference_idents_table.rs      (fmtoracle idents)
#   crates/hclkit-value/src/stdlib/grapheme_bytes_table.rs  (fmtoracle graphemes)
# Set SKIP_TABLES=1 to record the cases only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
corpus=${1:-$repo/../shared/corpus/realworld}
[ -d "$corpus" ] || corpus=$repo/../../shared/corpus/realworld
[ -d "$corpus" ] || { echo "record.sh: corpus not found (pass its path)" >&2; exit 1; }
export GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE=${GOCACHE:-/tmp/gocache}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/fmtoracle" && go build -o "$tmp/fmtoracle" .)
oracle=$tmp/fmtoracle
cases=$repo/crates/hclkit/tests/data/fmt

rm -rf "$cases/hclwrite" "$cases/corpus" "$cases/variants"
"$oracle" table /usr/share/gocode/src/github.com/hashicorp/hcl/v2/hclwrite/format_test.go "$cases/hclwrite"

mkdir -p "$cases/corpus"
while IFS= read -r f; do
  cp "$corpus/$f" "$cases/corpus/$(echo "$f" | sed 's|/|__|g').in"
done < "$cases/corpus.txt"

sed "s|^|$corpus/|" "$cases/corpus.txt" >"$tmp/list"
"$oracle" gen -seed 14 -variants 1 -damaged 2 "$tmp/variants" "@$tmp/list"
mkdir -p "$cases/variants"
for f in "$tmp/variants"/*; do
  cp "$f" "$cases/variants/$(basename "$f" .hcl).in"
done

for g in corpus variants handwritten; do
  find "$cases/$g" -name '*.want' -delete
  "$oracle" record "$cases/$g"
done

if [ "${SKIP_TABLES:-}" != 1 ]; then
  "$oracle" idents "$repo/crates/hclkit/src/syntax/native/reference_idents_table.rs"
  "$oracle" graphemes "$repo/crates/hclkit-value/src/stdlib/grapheme_bytes_table.rs"
fi
