// The corpus (../shared/corpus/realworld: 6,189 real-world files the reference parser accepts;
// see its SOURCES.md) through parse, against @cdktf/hcl2json 0.21.0 (a development
// dependency, the package parse replaces): on every file both accept, the same JSON (compared
// as values: @cdktf/hcl2json's Go maps sort keys). Where they differ, test/data/
// corpus-differences.txt says why, file by file; the list must be exact (a new difference,
// or a listed one that is gone, fails). parse never fails on these files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { createRequire } from "node:module";
import { parse } from "hclkit";

const require = createRequire(import.meta.url);
const shared = process.env.HCLKIT_SHARED || new URL("../../../shared", import.meta.url).pathname;
const corpus = join(shared, "corpus", "realworld");

test("parse agrees with @cdktf/hcl2json on the corpus, but for the recorded differences", { skip: !existsSync(corpus) && `no corpus at ${corpus}` }, async () => {
  const peer = require("@cdktf/hcl2json");
  const files = [];
  (function walk(d) {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  })(corpus);
  const known = new Map(
    readFileSync(new URL("data/corpus-differences.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => l.split("\t")),
  );
  let agree = 0;
  const differ = [];
  const reasons = {};
  for (const path of files) {
    const name = path.slice(corpus.length + 1);
    const text = readFileSync(path, "utf8");
    const ours = parse(name, text);
    let theirs;
    try {
      theirs = await peer.parse(name, text);
    } catch {
      theirs = undefined;
    }
    if (theirs !== undefined && isDeepStrictEqual(ours, theirs)) {
      agree++;
    } else {
      differ.push(name);
      const why = (known.get(name) || "unexplained").split(":")[0];
      reasons[why] = (reasons[why] || 0) + 1;
    }
  }
  console.log(`corpus: ${files.length} files; parse gives @cdktf/hcl2json's JSON on ${agree} of the ${files.length - (reasons["peer-rejects"] || 0)} it accepts; differences by reason: ${JSON.stringify(reasons)}`);
  assert.deepEqual(differ.filter((f) => !known.has(f)), [], "differences not in test/data/corpus-differences.txt");
  assert.deepEqual([...known.keys()].filter((f) => !differ.includes(f)), [], "listed differences that are gone: update the list");
});
