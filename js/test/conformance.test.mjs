// The conformance cases hcldec is tested on (crates/hclkit-cli/tests/data/conformance: each
// case's spec.hcldec, input and vars.json, and want.json recorded from the reference hcldec,
// hashicorp/hcl v2.14.1, by oracle/conformance/record.py), run through `decode`.
//
// Compared as crates/hclkit-cli/tests/it/conformance.rs compares them: a case that succeeds
// gives want.json's value (numbers as doubles on both sides: `bigNumbers: "number"` against
// JSON.parse of want.json); a case that fails throws an HCLError whose first diagnostic in
// source order has the first wanted diagnostic's severity, summary, detail and subject range
// (byte offsets and lines). Cases with --var-refs (not something decode does) are skipped, and the one whose vars.json
// repeats a name (a JavaScript object cannot).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decode, HCLError } from "hclkit";

const root = new URL("../../crates/hclkit-cli/tests/data/conformance/", import.meta.url).pathname;

function cases() {
  const out = [];
  for (const group of readdirSync(root).sort()) {
    for (const c of readdirSync(join(root, group)).sort()) out.push(join(group, c));
  }
  return out;
}

function sortKey(d) {
  const s = d.subject || d.range || {};
  return [s.filename || "", s.start ? s.start.byte : -1, d.summary, d.detail || ""];
}

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

function run(name) {
  const dir = join(root, name);
  const read = (f) => readFileSync(join(dir, f), "utf8");
  const flags = existsSync(join(dir, "flags")) ? read("flags").split("\n").filter(Boolean) : [];
  if (flags.includes("--var-refs")) return "skipped";
  // vars.json names a variable twice, which hcldec reports; a JavaScript object cannot.
  if (name === "variables/json-vars-duplicate") return "skipped";
  const input = existsSync(join(dir, "input.json")) ? "input.json" : "input.hcl";
  const want = JSON.parse(read("want.json"));
  const options = { filename: input, specFilename: "spec.hcldec", keepNulls: flags.includes("--keep-nulls"), bigNumbers: "number" };
  if (existsSync(join(dir, "vars.json"))) options.variables = JSON.parse(read("vars.json"));
  let got;
  try {
    got = decode(read(input), read("spec.hcldec"), options);
  } catch (e) {
    if (!(e instanceof HCLError)) throw e;
    assert.notEqual(want.exit, 0, `${name}: decode failed where hcldec succeeded: ${e.message}`);
    const first = [...e.diagnostics].sort((a, b) => compareKeys(sortKey(a), sortKey(b)))[0];
    const wanted = [...want.diagnostics].sort((a, b) => compareKeys(sortKey(a), sortKey(b)))[0];
    assert.equal(first.severity, wanted.severity, name);
    assert.equal(first.summary, wanted.summary, name);
    assert.equal(first.detail, wanted.detail || "", name);
    if (wanted.subject) {
      assert.equal(first.range.filename, wanted.subject.filename, name);
      for (const end of ["start", "end"]) {
        assert.equal(first.range[end].byte, wanted.subject[end].byte, `${name}: ${end} byte`);
        assert.equal(first.range[end].line, wanted.subject[end].line, `${name}: ${end} line`);
      }
    } else {
      assert.equal(first.range, null, name);
    }
    return "failed as wanted";
  }
  assert.equal(want.exit, 0, `${name}: decode succeeded where hcldec failed`);
  // hcldec prints a null result without "value" (or nothing at all).
  assert.deepEqual(got, want.stdout === null || want.stdout.value === undefined ? null : want.stdout.value, name);
  return "decoded as wanted";
}

test("every conformance case decodes as the reference's hcldec", () => {
  const counts = {};
  const failures = [];
  for (const name of cases()) {
    try {
      const r = run(name);
      counts[r] = (counts[r] || 0) + 1;
    } catch (e) {
      failures.push(`${name}: ${e.message.split("\n").slice(0, 6).join(" ")}`);
    }
  }
  console.log(`conformance through decode: ${JSON.stringify(counts)}, ${failures.length} differ`);
  assert.deepEqual(failures, []);
});
