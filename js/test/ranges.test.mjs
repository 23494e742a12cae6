// parse's source ranges (`ranges: true`): the "//ranges" property of every body object (the
// file's and each block's), from the Rust library's hclkit::transcode (ToJsonOptions::ranges,
// columns in UTF-16 code units). Checked on a hand-counted example, then on every file of the
// real-world corpus against JavaScript's own reading of the text (each position's line and
// UTF-16 column is the same place as its UTF-8 byte offset; names and values slice out of the
// text as they are) and against the library's editing document (an attribute's value range
// holds the text `Document.get` gives for it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse, toJSON, Document } from "hclkit";

const shared = process.env.HCLKIT_SHARED || new URL("../../../shared", import.meta.url).pathname;
const corpus = join(shared, "corpus", "realworld");

const pos = (line, column, byte) => ({ line, column, byte });
const range = (start, end) => ({ start, end });

test("ranges: every block and attribute, columns in UTF-16 code units", () => {
  // Line 2: the emoji is 4 bytes, 2 UTF-16 units; "é" 2 bytes, 1 unit.
  const src = 'a = 1\nb "😀é" {\n  c = "x"\n}\n';
  const out = parse("main.tf", src, { ranges: true });
  assert.deepEqual(out, {
    "//ranges": {
      range: range(pos(1, 1, 0), pos(5, 1, 31)),
      attributes: { a: { range: range(pos(1, 1, 0), pos(1, 6, 5)), name: range(pos(1, 1, 0), pos(1, 2, 1)), value: range(pos(1, 5, 4), pos(1, 6, 5)) } },
    },
    a: 1,
    b: {
      "😀é": [
        {
          "//ranges": {
            range: range(pos(2, 1, 6), pos(4, 2, 30)),
            definition: range(pos(2, 1, 6), pos(2, 8, 16)),
            attributes: { c: { range: range(pos(3, 3, 21), pos(3, 10, 28)), name: range(pos(3, 3, 21), pos(3, 4, 22)), value: range(pos(3, 7, 25), pos(3, 10, 28)) } },
          },
          c: "x",
        },
      ],
    },
  });
  // The end of the block's definition, in JavaScript's units: after the closing quote.
  const line2 = src.split("\n")[1];
  assert.equal(line2.slice(0, 8 - 1), 'b "😀é"');
});

test("ranges are off by default and change nothing else", () => {
  const src = '# c\nx = 1\nb "l" {\n  # d\n  y = [1]\n  c {\n  }\n}\nb "l" {\n}\n';
  for (const blocks of ["array", "nested", "ordered"]) {
    const plain = parse("m.tf", src, { blocks, comments: true });
    assert.ok(!JSON.stringify(plain).includes("//ranges"));
    const ranged = parse("m.tf", src, { blocks, comments: true, ranges: true });
    assert.deepEqual(strip(ranged), plain, blocks);
  }
  // toJSON takes the option too (its text is the same JSON).
  assert.deepEqual(JSON.parse(toJSON(src, { ranges: true })), parse("input.hcl", src, { blocks: "nested", comments: true, ranges: true }));
  assert.ok(!toJSON(src).includes("//ranges"));
});

// A copy of `v` without its "//ranges" properties.
function strip(v) {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== "object") return v;
  const out = {};
  for (const [k, x] of Object.entries(v)) if (k !== "//ranges") out[k] = strip(x);
  return out;
}

// Where each line starts, in UTF-16 units, and the UTF-8 byte offset of each UTF-16 offset.
function measure(text) {
  const lineStarts = [0];
  const bytes = new Uint32Array(text.length + 1);
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    bytes[i] = b;
    const c = text.charCodeAt(i);
    if (c === 10) lineStarts.push(i + 1);
    if (c < 0x80) b += 1;
    else if (c < 0x800) b += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      // A surrogate pair: 4 bytes for both units; the low unit is inside the character.
      b += 4;
      bytes[++i] = b;
      continue;
    } else b += 3;
  }
  bytes[text.length] = b;
  return { lineStarts, bytes };
}

// Checks every "//ranges" of `json` (the parse of `text`) and returns how many bodies and
// attributes it checked.
function checkRanges(text, json, m) {
  const counts = { bodies: 0, attributes: 0 };
  // The UTF-16 offset of a position, checked against its byte offset.
  const at = (p, what) => {
    assert.ok(p.line >= 1 && p.line <= m.lineStarts.length, `${what}: line ${p.line}`);
    const offset = m.lineStarts[p.line - 1] + p.column - 1;
    assert.ok(offset <= text.length && (p.line === m.lineStarts.length || offset < m.lineStarts[p.line]), `${what}: column ${p.column} of line ${p.line}`);
    assert.equal(m.bytes[offset], p.byte, `${what}: ${JSON.stringify(p)} is byte ${m.bytes[offset]}`);
    return offset;
  };
  const slice = (r, what) => text.slice(at(r.start, what + " start"), at(r.end, what + " end"));
  // `type`: the block type the body belongs to (undefined at the top).
  const walk = (v, type) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, type));
    if (v === null || typeof v !== "object") return;
    const r = v["//ranges"];
    if (r === undefined) {
      // A label level (or an object value: they have no ranges): go on with the same type.
      for (const x of Object.values(v)) walk(x, type);
      return;
    }
    counts.bodies++;
    const whole = slice(r.range, "range");
    if (type === undefined) {
      assert.equal(r.definition, undefined);
      assert.equal(r.range.start.byte, 0);
    } else {
      const def = slice(r.definition, "definition");
      assert.ok(def.startsWith(type), `definition ${JSON.stringify(def)} of a ${type} block`);
      assert.deepEqual(r.range.start, r.definition.start);
      assert.ok(whole.endsWith("}"), `block ${JSON.stringify(whole.slice(-20))}`);
    }
    for (const [name, a] of Object.entries(r.attributes)) {
      counts.attributes++;
      assert.ok(Object.hasOwn(v, name), `attribute ${name} is a property of its body`);
      assert.equal(slice(a.name, "name"), name);
      assert.deepEqual(a.range.start, a.name.start);
      assert.deepEqual(a.range.end, a.value.end);
      assert.ok(slice(a.value, "value").length > 0);
      assert.ok(a.value.start.byte > a.name.end.byte);
    }
    for (const [k, x] of Object.entries(v)) {
      // Attribute values hold no bodies; every other property is a block type.
      if (k !== "//ranges" && k !== "//" && !Object.hasOwn(r.attributes, k)) walk(x, k);
    }
  };
  walk(json, undefined);
  return counts;
}

test("ranges on the corpus: JavaScript's positions, and the library's document", { skip: !existsSync(corpus) && `no corpus at ${corpus}` }, () => {
  const files = [];
  (function walkDir(d) {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walkDir(p);
      else files.push(p);
    }
  })(corpus);
  const total = { files: 0, bodies: 0, attributes: 0, documentChecked: 0, nonAscii: 0 };
  for (const path of files) {
    const name = path.slice(corpus.length + 1);
    const text = readFileSync(path, "utf8");
    const json = parse(name, text, { ranges: true });
    const m = measure(text);
    const c = checkRanges(text, json, m);
    total.files++;
    total.bodies += c.bodies;
    total.attributes += c.attributes;
    if (m.bytes[text.length] !== text.length) total.nonAscii++;
    // The top-level attributes' values: the text the editing document has for them.
    const top = Object.entries(json["//ranges"].attributes);
    if (top.length > 0) {
      const doc = new Document(text, { filename: name });
      try {
        for (const [attr, a] of top) {
          const value = text.slice(m.lineStarts[a.value.start.line - 1] + a.value.start.column - 1, m.lineStarts[a.value.end.line - 1] + a.value.end.column - 1);
          assert.equal(doc.get(attr), value, `${name}: ${attr}`);
          total.documentChecked++;
        }
      } finally {
        doc.free();
      }
    }
  }
  console.log(`ranges: ${total.files} corpus files (${total.nonAscii} with non-ASCII text), ${total.bodies} bodies and ${total.attributes} attributes checked, ${total.documentChecked} values against Document.get`);
  assert.ok(total.nonAscii > 0 && total.documentChecked > 1000);
});
